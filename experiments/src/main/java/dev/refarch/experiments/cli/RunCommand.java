package dev.refarch.experiments.cli;

import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.exec.ExperimentRunner;
import dev.refarch.experiments.exec.KubernetesBridge;
import dev.refarch.experiments.exec.KubernetesSupport;
import dev.refarch.experiments.exec.Progress;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.report.VerdictSummary;
import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SpecReader;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code refarch run}: plans and runs a catalog entry, a suite, or a spec file. */
@Command(name = "run", description = "Run a catalog study (A1…D3), a suite (tour) or a spec file.")
final class RunCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "<catalog-id|file>",
      description = "catalog id or study (e.g. A1, D3), suite (tour), or a YAML spec file")
  String target;

  @Option(names = "--scale", description = "laptop (default) or paper")
  String scale = "laptop";

  @Option(names = "--cluster",
      paramLabel = "<provisioner>[:<topology>]|uri:<uri>|kubernetes-local[:<topology>]",
      description = "override the spec's cluster, e.g. local:pss, testcontainers (the spec's"
          + " topologies on containers), uri:mongodb://h1,h2/ycsb, or kubernetes-local (the"
          + " single-node Kubernetes of src/bin/k8s-up, started if needed)")
  String cluster;

  @Option(names = "--set", paramLabel = "key=value",
      description = "override a property (or clients, threads, repetitions); repeatable")
  List<String> sets = new ArrayList<>();

  @Option(names = "--dry-run", description = "print the plan and run nothing")
  boolean dryRun;

  @Option(names = "--resume", description = "skip trials that already completed in the results folder")
  boolean resume;

  @Option(names = "--results", description = "results folder (default: results)")
  Path results = Path.of("results");

  @Override
  public Integer call() throws Exception {
    List<ExperimentSpec> specs = new ArrayList<>();
    for (ExperimentSpec spec : load()) {
      specs.add(override(spec));
    }
    if (dryRun) {
      for (ExperimentSpec s : specs) {
        System.out.print(Plan.of(s, s.properties()).describe());
      }
      return Refarch.OK;
    }
    Progress progress = new Progress(System.out, System.console() != null);
    boolean failed = false;
    List<Path> reports = new ArrayList<>();
    List<VerdictSummary.Row> verdicts = new ArrayList<>();
    long started = System.nanoTime();
    for (ExperimentSpec s : specs) {
      ExperimentRunner.Outcome outcome = new ExperimentRunner(results, progress).run(s, resume);
      failed |= outcome.anyFailed();
      if (outcome.skipped().isEmpty()) {
        reports.add(Reports.write(outcome.folder()));
      }
      verdicts.addAll(VerdictSummary.rows(outcome.folder(), outcome.skipped()));
    }
    if (reports.size() > 1) {
      reports.add(Reports.index(results, reports));
    }
    System.out.println();
    System.out.print(VerdictSummary.render(verdicts));
    System.out.printf(java.util.Locale.ROOT, "ran %d experiment(s) in %s%n", specs.size(),
        java.time.Duration.ofNanos(System.nanoTime() - started).truncatedTo(
            java.time.temporal.ChronoUnit.SECONDS).toString().substring(2).toLowerCase(java.util.Locale.ROOT));
    reports.stream().reduce((a, b) -> b).ifPresent(r -> System.out.println("report: " + r.toAbsolutePath()));
    return failed ? Refarch.TRIAL_FAILED : Refarch.OK;
  }

  private List<ExperimentSpec> load() {
    Path file = Path.of(target);
    if (Files.isRegularFile(file)) {
      return List.of(SpecReader.read(file, scale));
    }
    return Catalog.resolve(target, scale);
  }

  /** Applies {@code --cluster} and {@code --set} to a spec. */
  ExperimentSpec override(ExperimentSpec spec) {
    ExperimentSpec.Builder b = spec.toBuilder();
    if (cluster != null) {
      b.cluster(parseCluster(cluster, spec.cluster()));
    }
    Map<String, String> props = new LinkedHashMap<>();
    for (String set : sets) {
      int eq = set.indexOf('=');
      if (eq <= 0) {
        throw new ConfigurationException("--set", set, "key=value");
      }
      String key = set.substring(0, eq);
      String value = set.substring(eq + 1);
      switch (key) {
        case "clients" -> b.clients(positive(key, value));
        case "threads" -> b.threads(positive(key, value)); // per client, as YCSB's -threads
        case "repetitions" -> b.repetitions(positive(key, value));
        default -> props.put(key, value);
      }
    }
    props.forEach(b::property);
    return b.build();
  }

  private static int positive(String key, String value) {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigurationException("--set " + key, value, "a positive integer");
  }

  /**
   * {@code uri:<connection string>}, or a provisioner's name with an optional topology
   * ({@code local:pss}, {@code testcontainers}); without one the spec's topology (and its sweep)
   * stays.
   */
  static ClusterSpec parseCluster(String text, ClusterSpec current) {
    if (text.startsWith("uri:")) {
      return new ClusterSpec("uri", current.topology(), Optional.of(text.substring(4)), Map.of());
    }
    int colon = text.indexOf(':');
    String type = colon < 0 ? text : text.substring(0, colon);
    Topology topology = colon < 0 ? current.topology() : Topology.parse(text.substring(colon + 1));
    if (type.equals("kubernetes-local")) {
      Map<String, String> settings = new LinkedHashMap<>(current.settings());
      KubernetesSupport.require("--cluster", text);
      settings.putAll(KubernetesBridge.localClusterSettings());
      return new ClusterSpec("kubernetes", topology, Optional.empty(), settings);
    }
    if (!type.equals("uri") && Extensions.provisioners().containsKey(type)) {
      return new ClusterSpec(type, topology, Optional.empty(), current.settings());
    }
    throw new ConfigurationException("--cluster", text, "<provisioner>[:<topology>] with a"
        + " provisioner of " + String.join(", ", Extensions.provisioners().keySet())
        + ", kubernetes-local[:<topology>], or uri:<connection string>");
  }
}
