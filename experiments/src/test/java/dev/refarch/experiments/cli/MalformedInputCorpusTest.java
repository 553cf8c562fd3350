package dev.refarch.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The project's corpus of malformed input for the command line: arguments, {@code --set},
 * YAML specs, fault schedules and platform settings. Each row runs {@code refarch} in process and
 * asserts its exit code, the fragments its message must hold (key or field, value, what is
 * allowed; file:line for specs), one line per problem, no stack trace, and that nothing was
 * written. Grow it with every bug: add a row.
 */
class MalformedInputCorpusTest {

  /** A password for the masking rows, made up per run: no credential is written in the source. */
  private static final String SECRET = "pw-" + java.util.UUID.randomUUID();

  /**
   * One malformed input.
   *
   * @param args the arguments; {@code {spec}} stands for a file holding {@code yaml},
   *     {@code {dir}} for a fresh folder
   * @param yaml the spec file's text, or {@code null}
   * @param exit the exit code expected
   * @param lines how many lines standard error must have (one per problem)
   * @param fragments what standard error must contain; {@code {spec}} as above
   */
  record Row(List<String> args, String yaml, int exit, int lines, List<String> fragments) {
    @Override
    public String toString() {
      return String.join(" ", args) + (yaml == null ? "" : " <<" + yaml.replace("\n", "⏎") + ">>");
    }
  }

  private static final String SPEC_HEAD = "id: corpus\ncluster: {type: local, topology: standalone}\n"
      + "workload: a\n";

  static Stream<Row> rows() {
    List<Row> rows = new ArrayList<>();
    cli(rows);
    sets(rows);
    platformSettings(rows);
    specs(rows);
    faults(rows);
    return rows.stream();
  }

  private static void cli(List<Row> r) {
    r.add(args(2, "run", "Missing required parameter: '<catalog-id|file>'", "refarch run --help"));
    r.add(args(2, "run A1 --bogus", "Unknown option: '--bogus'"));
    r.add(args(2, "list extra", "Unmatched argument at index 1: 'extra'"));
    r.add(args(2, "nosuchcommand", "Unmatched argument at index 0: 'nosuchcommand'"));
    r.add(args(2, "run Z9 --dry-run", "experiment='Z9' is not allowed", "a catalog id or study (A1"));
    r.add(args(2, "run nowhere/missing.yaml --dry-run", "'nowhere/missing.yaml' is not allowed",
        "an existing spec file"));
    r.add(args(2, "run A1 --dry-run --scale huge", "--scale='huge' is not allowed; allowed: laptop, paper"));
    r.add(args(2, "run tour --dry-run --scale huge", "--scale='huge'", "laptop, paper"));
    r.add(args(2, "run all --dry-run --scale LAPTOP", "--scale='LAPTOP'", "laptop, paper"));
    r.add(spec(2, "--scale laptop", "", "--scale='laptop' is not allowed", "has no scales: section"));
    r.add(spec(2, "--scale paper", "scales: {laptop: {threads: 2}}\n", "--scale='paper'",
        "allowed: laptop"));
    r.add(args(2, "run A1 --dry-run --results /proc/nope", "--results='/proc/nope' is not allowed",
        "proc file system"));
    r.add(args(2, "run A1 --dry-run --results {dir}/file.txt/sub", "--results=", "is not a folder"));
    r.add(args(2, "run A1 --dry-run --rerun-changed", "--rerun-changed='true' is not allowed;"
        + " allowed: only with --resume"));
    r.add(args(2, "run A1 --dry-run --metrics http://127.0.0.1:9464", "--metrics='http://127.0.0.1:9464'"
        + " is not allowed; allowed: host:port or a port (0-65535)"));
    r.add(args(2, "run A1 --dry-run --metrics 99999", "--metrics='99999'", "host:port or a port"));
    r.add(args(2, "run A1 --dry-run --cluster nosuch:rs=1", "--cluster='nosuch:rs=1'",
        "<provisioner>[:<topology>] with a provisioner of"));
    r.add(args(2, "run A1 --dry-run --cluster local:rs=banana", "--cluster='local:rs=banana'",
        "standalone, rs=1"));
    r.add(args(2, "run A1 --dry-run --cluster uri:http://x", "--cluster='uri:http://x'",
        "uri:mongodb://… or uri:mongodb+srv://…"));
    r.add(args(2, "run A1 --dry-run --cluster uri:", "--cluster='uri:'", "uri:mongodb://"));
    r.add(args(2, "run A1 --dry-run --cluster uri:mongodb://u:" + SECRET + "@h:notaport/",
        "--cluster='uri:mongodb://***@h:notaport/'"));
    r.add(args(2, "report {dir}/nonexistent", "<dir>=", "is not allowed; allowed: an experiment's"
        + " results folder", "it does not exist"));
    r.add(args(2, "report {dir}", "<dir>=", "it holds no plan.json"));
    r.add(args(2, "report {dir}/file.txt", "it is not a folder"));
    r.add(args(2, 2, "compare {dir}/a {dir}/b", "<dirA>=", "<dirB>=", "it does not exist"));
    r.add(args(2, 3, "compare {dir}/a {dir}/b --fail-if throughput<<5%", "--fail-if="
        + "'throughput<<5%' is not allowed; allowed: <metric>[(<OPERATION>)] < or > <signed"
        + " percent>%"));
    r.add(args(2, 3, "compare {dir}/a {dir}/b --fail-if throughpt<-5%",
        "--fail-if='throughpt<-5%'", "metrics: throughput, mean", "did you mean 'throughput'?"));
    r.add(args(2, 3, "compare {dir}/a {dir}/b --where-a durability", "--where-a='durability' is"
        + " not allowed; allowed: key=value"));
    r.add(args(2, "cluster sideways", "cluster action='sideways' is not allowed; allowed: up, down,"
        + " status"));
    r.add(args(2, "cluster status --kind docker", "--kind='docker' is not allowed; allowed: local,"
        + " kubernetes-local"));
    r.add(args(2, "cluster up --topology rs=banana", "--topology='rs=banana'", "standalone"));
    r.add(args(2, "cluster status --name ../etc", "--name='../etc'", "letters, digits"));
  }

  private static void sets(List<Row> r) {
    set(r, "clients=1000", "--set clients='1000' is not allowed; allowed: an integer from 1 to"
        + " 64 (each client is a JVM of its own)");
    set(r, "clients=0", "--set clients='0'", "from 1 to 64");
    set(r, "clients=many", "--set clients='many'", "from 1 to 64");
    set(r, "threads=0", "--set threads='0'", "from 1 to 10000");
    set(r, "threads=100000", "--set threads='100000'", "from 1 to 10000");
    set(r, "repetitions=0", "--set repetitions='0'", "from 1 to 100");
    set(r, "repetitions=101", "--set repetitions='101'", "from 1 to 100");
    set(r, "threads", "--set='threads' is not allowed; allowed: key=value");
    set(r, "=5", "--set='=5' is not allowed; allowed: key=value");
    set(r, "recordcount=-1", "--set recordcount='-1' is not allowed; allowed: an integer from 1");
    set(r, "recordcount=abc", "--set recordcount='abc'", "an integer from 1");
    set(r, "refarch.telemetry=sometimes", "--set refarch.telemetry='sometimes' is not allowed;"
        + " allowed: on, off, true, false");
    set(r, "recordcount=", "--set recordcount=''", "an integer from 1", "remove the key instead");
    set(r, "operationcount=-1", "--set operationcount='-1'", "an integer from 0");
    set(r, "fieldcount=0", "--set fieldcount='0'", "an integer from 1 to 2147483647");
    set(r, "fieldcount=-5", "--set fieldcount='-5'", "an integer from 1 to 2147483647");
    set(r, "fieldlength=0", "--set fieldlength='0'", "an integer from 1");
    set(r, "insertstart=-5", "--set insertstart='-5'", "an integer from 0");
    set(r, "insertcount=10", "--set insertcount='10'", "the runner sets it per client");
    set(r, "threadcount=8", "--set threadcount='8'", "use threads (per client)");
    set(r, "maxexecutiontime=-1", "--set maxexecutiontime='-1'", "an integer from 0");
    set(r, "target=-5", "--set target='-5'", "a number from 0.0");
    set(r, "readproportion=2", "--set readproportion='2'", "a number from 0.0 to 1.0");
    set(r, "requestdistribution=zipf", "--set requestdistribution='zipf'", "uniform, zipfian");
    set(r, "insertorder=random", "--set insertorder='random'", "hashed, ordered");
    set(r, "readallfields=maybe", "--set readallfields='maybe'", "true, false");
    set(r, "mongodb.url=mongodb://u:" + SECRET + "@10.1.1.1/",
        "--set mongodb.url='mongodb://***@10.1.1.1/'",
        "use --cluster uri:<connection string>");
    set(r, "mongodb.durability=durabel", "--set mongodb.durability='durabel'",
        "throughput, balanced", "did you mean 'durable'?");
    set(r, "mongodb.durability=", "--set mongodb.durability=''", "remove the key instead");
    set(r, "mongodb.batchsize=0", "--set mongodb.batchsize='0'");
    set(r, "measurement.warmpu=5", "--set measurement.warmpu='5'", "did you mean"
        + " 'measurement.warmup'?");
    set(r, "measurement.histogramInterval=5", "--set measurement.histogramInterval='5'",
        "an integer from 100");
    set(r, "refarch.bogus=1", "--set refarch.bogus='1'", "a known key under 'refarch.'");
    r.add(args(2, "run A1 --dry-run --set fieldlength=2000000",
        "A1-client-threads t001-workload=a-threadcount=4-r1 and 11 more trial(s): fieldlength="
            + "'2000000' is not allowed; allowed: at most 1677700 with fieldcount=10"));
    r.add(new Row(List.of("run", "A1", "--dry-run", "--set", "clients=0", "--set", "threads=0",
        "--set", "recordcount=-1"), null, 2, 3, List.of("--set clients='0'", "--set threads='0'",
        "--set recordcount='-1'")));
  }

  private static void platformSettings(List<Row> r) {
    set(r, "vsan.nope=1", "--set vsan.nope='1'", "a known key under 'vsan.'");
    set(r, "vsan.policy.stripeWidth=banana", "--set vsan.policy.stripeWidth='banana'",
        "an integer from 1 to 12");
    set(r, "vsan.policy.stripeWidth=99", "--set vsan.policy.stripeWidth='99'");
    set(r, "vsan.policy.ftt=9", "--set vsan.policy.ftt='9'", "an integer from 0 to 3");
    set(r, "vsan.policy.raid=raid9", "--set vsan.policy.raid='raid9'", "raid1, raid5, raid6");
    set(r, "vsan.url=nope", "--set vsan.url='nope'", "https://vcenter.example.com/sdk");
    set(r, "santricity.nope=1", "--set santricity.nope='1'", "a known key under 'santricity.'");
    set(r, "santricity.pool.raidLevel=raid99", "--set santricity.pool.raidLevel='raid99'",
        "ddp, raid0");
    set(r, "santricity.url=ftp://x", "--set santricity.url='ftp://x'", "an http(s) URL");
    set(r, "k8s.nope=1", "--set k8s.nope='1'", "a known key under 'k8s.'");
    set(r, "k8s.namespace=Bad_NS", "--set k8s.namespace='Bad_NS'", "lower-case letters");
    set(r, "k8s.mongodb.cpu=lots", "--set k8s.mongodb.cpu='lots'", "a Kubernetes quantity");
    set(r, "local.nope=1", "--set local.nope='1'", "a known key under 'local.'");
    set(r, "local.wiredTigerCacheSizeGB=-1", "--set local.wiredTigerCacheSizeGB='-1'",
        "a number from 0.25");
    r.add(spec(2, "", "properties: {vsan.policy.ftt: \"9\"}\n", "{spec}:4:"
        + " properties.vsan.policy.ftt='9' is not allowed; allowed: an integer from 0 to 3"));
    r.add(spec(2, "", "properties: {santricity.volume.count: \"-1\"}\n", "{spec}:4:",
        "properties.santricity.volume.count='-1'"));
    r.add(spec(2, "", "properties: {k8s.namespace: \"UPPER\"}\n", "{spec}:4:",
        "properties.k8s.namespace='UPPER'"));
  }

  private static void specs(List<Row> r) {
    r.add(spec(2, "", "properties: {recordcount: \"-1\"}\n", "{spec}:4: properties.recordcount='-1'"
        + " is not allowed; allowed: an integer from 1"));
    r.add(spec(2, "", "properties:\n  recordcount: \"10\"\n  fieldcount: \"0\"\n",
        "{spec}:6: properties.fieldcount='0'"));
    r.add(spec(2, "", "properties: {mongodb.durability: durabel}\n", "{spec}:4:",
        "did you mean 'durable'?"));
    r.add(spec(2, "", "properties: {mongodb.url: \"mongodb://u:" + SECRET + "@h/\"}\n", "{spec}:4:",
        "properties.mongodb.url='mongodb://***@h/'", "cluster: {type: uri"));
    r.add(spec(2, "", "properties: {mongodb.shard.chunks: \"4\"}\n", "corpus t001-r1:",
        "mongodb.shard.chunks='4'", "set mongodb.shardKey=hashed or range"));
    r.add(spec(2, "", "threds: 2\n", "{spec}:4: threds='threds'", "did you mean 'threads'?"));
    r.add(spec(2, "", "clients: 0\n", "{spec}:4: clients='0' is not allowed; allowed: an integer"
        + " from 1 to 64"));
    r.add(spec(2, "", "clients: many\n", "{spec}:4: clients='many'"));
    r.add(spec(2, "", "threads: 0\n", "{spec}:4: threads='0'", "from 1 to 10000"));
    r.add(spec(2, "", "repetitions: 1000\n", "{spec}:4: repetitions='1000'", "from 1 to 100"));
    r.add(spec(2, "", "phaseTimeout: 0\n", "{spec}:4: phaseTimeout='0'"));
    r.add(spec(2, "", "warmup: forever\n", "{spec}:4: warmup='forever'"));
    r.add(spec(2, "", "phases: [jump]\n", "{spec}:4: phases='jump'", "load, run"));
    r.add(spec(2, "", "hooks: [nosuch]\n", "{spec}:4: hooks='nosuch'"));
    r.add(spec(2, "", "requires: [mainframe]\n", "{spec}:4: requires='mainframe'",
        "vsan, santricity, kubernetes, mongos"));
    r.add(rawSpec(2, "id: corpus\nworkload: z\n", "{spec}:2: workload='z'"));
    r.add(rawSpec(2, "id: 'bad id'\n", "{spec}:1: id='bad id'", "letters, digits"));
    r.add(rawSpec(2, "title: no id\n", "{spec}:1: id=(missing)", "this key is required"));
    r.add(rawSpec(2, "id: x\ncluster: {type: cloud}\n", "{spec}:2: cluster.type='cloud'",
        "local, uri, testcontainers, kubernetes"));
    r.add(rawSpec(2, "id: x\ncluster: {topology: rs=banana}\n", "{spec}:2:",
        "cluster.topology='rs=banana'"));
    r.add(rawSpec(2, "id: x\ncluster: {type: uri}\n", "{spec}:2: cluster.uri=(missing)"));
    r.add(rawSpec(2, "id: x\ncluster: {type: local, port: 1}\n", "{spec}:2: cluster.port='port'"));
    r.add(spec(2, "", "sweep: {mode: diagonal, parameters: {threadcount: [1]}}\n",
        "{spec}:4: sweep.mode='diagonal'"));
    r.add(spec(2, "", "sweep: {parameters: {threadcount: [0, 2]}}\n",
        "{spec}:4: sweep.parameters.threadcount='0'"));
    r.add(spec(2, "", "sweep: {parameters: {recordcount: [\"-1\"]}}\n",
        "{spec}:4: sweep.parameters.recordcount='-1'"));
    r.add(spec(2, "", "sweep: {parameters: {workload: [z]}}\n", "sweep.parameters.workload='z'"));
    r.add(spec(2, "", "steady: {window: 8s, tolerance: 3}\n", "{spec}:4: steady.tolerance"));
    r.add(spec(2, "", "slo: {metric: p42, boundMs: 10, operation: UPDATE}\n", "slo.metric='p42'"));
    r.add(rawSpec(2, "id: x\nid: y\n", "{spec}:2: id='id'", "each key once per mapping"));
    r.add(rawSpec(2, "id: x\nproperties: [1\n", "{spec}:", "allowed: well-formed YAML"));
    r.add(rawSpec(2, "- a\n- list\n", "{spec}:1: (document)='[list]'"));
    r.add(rawSpec(2, "", "{spec}:1: (document)=''", "a YAML mapping"));
    r.add(new Row(List.of("run", "{spec}", "--dry-run"), SPEC_HEAD + "clients: 0\nthreads: 0\n"
        + "properties: {recordcount: \"-1\", mongodb.durability: durabel}\n", 2, 4,
        List.of("{spec}:4: clients='0'", "{spec}:5: threads='0'",
            "{spec}:6: properties.recordcount='-1'", "{spec}:6: properties.mongodb.durability")));
  }

  private static void faults(List<Row> r) {
    r.add(spec(2, "", "faults: \"3s explode primary\"\n", "{spec}:4: faults='3s explode primary'"
        + " is not allowed; allowed: a local cluster's actions kill, pause, restart, restore-disk,"
        + " resume, slow-disk, stepdown, stop"));
    r.add(spec(2, "", "faults: \"3s slow-disk primary iops=0\"\n",
        "{spec}:4: faults='3s slow-disk primary iops=0' is not allowed",
        "slow-disk: iops='0' is not allowed; allowed: an integer from 1 to 10000000"));
    r.add(spec(2, "", "faults: \"3s slow-disk primary\"\n",
        "{spec}:4: faults='3s slow-disk primary'", "slow-disk needs a cap"));
    r.add(spec(2, "", "faults: \"3s kil primary\"\n", "{spec}:4: faults='3s kil primary'",
        "did you mean 'kill'?"));
    r.add(spec(2, "", "faults: \"3x kill primary\"\n", "{spec}:4: faults='3x kill primary'",
        "times like 30s, 1500ms or 2m"));
    r.add(spec(2, "", "faults: \"kill primary\"\n", "{spec}:4: faults='kill primary'"));
    r.add(spec(2, "", "faults: \"soon+3s kill primary\"\n", "{spec}:4: faults='soon+3s kill primary'"));
    r.add(spec(2, "", "faults: \"3s kill primary; 5s explode primary\"\n", "{spec}:4: faults=",
        "a local cluster's actions"));
    r.add(spec(2, "", "sweep: {parameters: {variant: [a]}}\nvariants: {a: {faults: \"3s"
        + " explode primary\"}}\n", "{spec}:5: variants.a.faults='3s explode primary'"));
    r.add(rawSpec(2, "id: x\ncluster: {type: kubernetes, topology: pss}\nfaults: \"3s boom"
        + " primary\"\n", "{spec}:3: faults='3s boom primary'", "a kubernetes cluster's actions"));
    // targets, against the members of the trial's topology: found at --dry-run, not when fired
    r.add(spec(2, "", "faults: \"3s kill rs0-7\"\n", "corpus t001-r1: faults='run+3000ms kill rs0-7' is"
        + " not allowed; allowed: targets of a local standalone cluster: primary,"
        + " standalone/primary, standalone"));
    r.add(spec(2, "", "faults: \"3s stepdown secondary\"\n", "faults='run+3000ms stepdown secondary'",
        "standalone has no secondary"));
    r.add(rawSpec(2, "id: x\ncluster: {type: local, topology: pss}\nworkload: a\nfaults: \"3s kill"
        + " rs0-3\"\n",
        "x t001-r1: faults='run+3000ms kill rs0-3'", "primary, secondary, secondary:2, rs0/primary",
        "rs0-0, rs0-1, rs0-2"));
    r.add(rawSpec(2, "id: x\ncluster: {type: local, topology: pss}\nworkload: a\nsweep:"
        + " {parameters: {topology: [pss, rs=1]}}\nfaults: \"3s kill secondary:2\"\n",
        "x t002-topology=rs=1-r1: faults='run+3000ms kill"
        + " secondary:2'", "rs0 has no secondary"));
  }

  private static void set(List<Row> r, String set, String... fragments) {
    r.add(new Row(List.of("run", "A1", "--dry-run", "--set", set), null, 2, 1,
        List.of(fragments)));
  }

  private static Row args(int exit, String args, String... fragments) {
    return args(exit, 1, args, fragments);
  }

  private static Row args(int exit, int lines, String args, String... fragments) {
    return new Row(Arrays.asList(args.split(" ")), null, exit, lines, List.of(fragments));
  }

  private static Row spec(int exit, String extra, String yaml, String... fragments) {
    return specFile(exit, extra, SPEC_HEAD + yaml, fragments);
  }

  private static Row rawSpec(int exit, String yaml, String... fragments) {
    return specFile(exit, "", yaml, fragments);
  }

  private static Row specFile(int exit, String extra, String yaml, String... fragments) {
    List<String> a = new ArrayList<>(List.of("run", "{spec}", "--dry-run"));
    if (!extra.isBlank()) {
      a.addAll(Arrays.asList(extra.trim().split(" ")));
    }
    return new Row(a, yaml, exit, 1, List.of(fragments));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("rows")
  void malformedInputFailsWithOneLinePerProblemAndWritesNothing(Row row, @TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("file.txt"), "not a folder");
    Path spec = dir.resolve("spec.yaml");
    if (row.yaml() != null) {
      Files.writeString(spec, row.yaml());
    }
    List<String> args = new ArrayList<>();
    for (String a : row.args()) {
      args.add(a.replace("{spec}", spec.toString()).replace("{dir}", dir.toString()));
    }
    if (args.get(0).equals("run") && !args.contains("--results")) {
      args.addAll(List.of("--results", dir.resolve("results").toString()));
    }
    List<Path> before = list(dir);
    Result r = run(args.toArray(String[]::new));

    assertThat(r.exit()).as("exit code; stderr: %s", r.err()).isEqualTo(row.exit());
    for (String f : row.fragments()) {
      assertThat(r.err()).contains(f.replace("{spec}", spec.toString()));
    }
    assertThat(r.err().lines().toList()).as("one line per problem: %s", r.err())
        .hasSize(row.lines());
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(list(dir)).as("nothing written").isEqualTo(before);
  }

  record Result(int exit, String out, String err) {
  }

  /** Runs the command line in this JVM with its standard output and error captured. */
  static Result run(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cli = Refarch.commandLine();
    cli.setErr(new PrintWriter(err));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      cli.setOut(new PrintWriter(System.out));
      int exit = cli.execute(args);
      return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString());
    } finally {
      System.setOut(stdout);
    }
  }

  private static List<Path> list(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.sorted().toList();
    }
  }
}
