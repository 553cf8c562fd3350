package dev.refarch.experiments.exec;

import dev.refarch.experiments.results.ClientOutput;
import dev.refarch.experiments.results.TrialResult.ClientRecord;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.platform.kubernetes.api.ClientFactory;
import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.jobs.IndexedJobSpec;
import dev.refarch.platform.kubernetes.jobs.IndexedJobs;
import dev.refarch.platform.kubernetes.jobs.OutputArchive;
import dev.refarch.platform.kubernetes.jobs.PodOutput;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.MeasurementProperties;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Properties;

/**
 * Runs one phase of a trial with its N YCSB clients as the pods of a Kubernetes indexed Job
 * instead of local JVMs — for clusters one machine cannot drive (the seeds used 3–4 client
 * hosts) — and merges what they measured exactly as {@link TrialRunner} merges local clients.
 *
 * <p>Each pod gets the properties {@link TrialRunner} would give client {@code i} (its threads,
 * its slice of records or operations, its share of the target), with {@code measurement.dir}
 * in the pod's output folder, in a Secret; it runs {@link ClientMain} from the client image
 * ({@code k8s.clients.image}) and hands its folder back through its log (see
 * {@link OutputArchive}). The folders land in {@code <dir>/clients/<phase>-<i>/} with the same
 * layout as local clients' ({@code stdout.txt}, {@code stderr.txt}, {@code cpu-seconds.txt},
 * {@code measurements/}), and are merged into {@code <dir>/<phase>.hlog} and the phase's
 * timeline. The trial's connection string must be reachable from pods: a
 * {@code kubernetes} cluster's is.
 *
 * <p>Thread-safe; phases may run one after another on one instance. Hooks are not run here: run
 * them around the phase (e.g. with {@code HookRunner}) as {@link TrialRunner} does.
 *
 * <pre>{@code
 * try (KubernetesClients clients = KubernetesClients.open(Map.of("k8s.namespace", "bench",
 *     "k8s.clients.image", "registry.example/refarch-client:0.1.0"))) {
 *   KubernetesClients.Outcome run = clients.runPhase(spec, Phase.RUN, Path.of("results/e/t"));
 *   double ops = run.phase().summary().orElseThrow().operation("SCAN").orElseThrow().throughput();
 * }
 * }</pre>
 */
public final class KubernetesClients implements AutoCloseable {

  private final KubernetesClient client;
  private final boolean ownsClient;
  private final K8sSettings settings;
  private final String namespace;

  /**
   * What a phase on Kubernetes produced.
   *
   * @param phase the clients' ends and their merged figures, as {@link TrialRunner} reports them
   * @param failures why clients failed, one line each; empty when all completed
   * @param pods where each client ran and how its pod ended
   */
  public record Outcome(PhaseResult phase, List<String> failures, List<PodOutput> pods) {
    public Outcome {
      failures = List.copyOf(failures);
      pods = List.copyOf(pods);
    }
  }

  /** Uses {@code client} (the caller closes it) with the {@code k8s.*} settings. */
  public KubernetesClients(KubernetesClient client, K8sSettings settings) {
    this(client, false, settings);
  }

  private KubernetesClients(KubernetesClient client, boolean ownsClient, K8sSettings settings) {
    this.client = Objects.requireNonNull(client);
    this.ownsClient = ownsClient;
    this.settings = settings;
    this.namespace = ClientFactory.namespace(client, settings);
  }

  /**
   * Connects through the kubeconfig with the {@code k8s.*} keys of {@code settings}.
   *
   * @throws ConfigurationException for bad {@code k8s.*} settings or a missing client image
   */
  public static KubernetesClients open(Map<String, String> settings) {
    K8sSettings s = K8sSettings.from(settings);
    requireImage(s);
    return new KubernetesClients(ClientFactory.fromKubeconfig().open(s), true, s);
  }

  private static String requireImage(K8sSettings s) {
    return s.clients().image().orElseThrow(() -> new ConfigurationException(
        K8sProperties.CLIENTS_IMAGE.key(), null, "an image with Java 17 and this library's jars",
        "build one from src/docker/ycsb-client (README: Kubernetes, client image) and push it"
            + " where the cluster can pull it"));
  }

  /**
   * Runs {@code phase} of {@code spec} with {@code spec.clients()} pods and merges their outputs
   * into {@code dir}. Returns when every pod ended or the phase timeout passed; pods left are
   * removed.
   *
   * @throws ConfigurationException for bad settings, before any pod exists
   * @throws dev.refarch.platform.spi.PlatformException when the Job cannot run at all (RBAC,
   *     quota, an image that cannot be pulled)
   */
  public Outcome runPhase(TrialSpec spec, Phase phase, Path dir) {
    TrialRunner.validate(spec);
    String image = requireImage(settings);
    int resolution = MeasurementProperties.TIMELINE_RESOLUTION.from(spec.properties());
    int interval = MeasurementProperties.HISTOGRAM_INTERVAL.from(spec.properties());
    List<Map<String, String>> files = new ArrayList<>();
    for (int i = 0; i < spec.clients(); i++) {
      Map<String, String> props = ClientPlan.properties(spec, phase, i);
      props.put("measurement.dir", OutputArchive.OUT + "/measurements");
      files.add(Map.of("client.properties", propertiesText(props)));
    }
    IndexedJobSpec job = new IndexedJobSpec(jobName(spec, phase), image, command(spec, phase),
        Map.of(), files, settings.clients().cpu(), settings.clients().memory(),
        settings.clients().imagePullSecret());
    Path clientsDir = dir.resolve("clients");
    List<PodOutput> pods = new IndexedJobs(client, namespace, settings.trial(), settings.cleanup())
        .run(job, spec.phaseTimeout(), i -> clientsDir.resolve(phase.label() + "-" + i));
    List<ClientRecord> records = new ArrayList<>();
    List<Path> measurements = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (PodOutput pod : pods) {
      String name = phase.label() + "-" + pod.index();
      Path measured = pod.dir().resolve("measurements");
      int exit = exitOf(pod);
      // as for local clients: exit 0 and measurements written
      boolean completed = pod.completed() && exit == 0 && ClientOutput.isComplete(measured);
      String where = pod.pod().map(p -> " (pod " + p + " on " + pod.node() + ")").orElse("");
      records.add(new ClientRecord(name, exit, "exit code " + exit + where, completed,
          cpuSeconds(pod.dir())));
      measurements.add(measured);
      if (!completed) {
        failures.add("client " + name + where + " " + pod.problem().orElse(
            "exited without writing its measurements (its binding did not initialise?)")
            + "; last lines of its stderr:\n" + tail(pod.dir().resolve("stderr.txt"), 8));
      }
    }
    PhaseResult result = TrialRunner.merge(phase, records, measurements, dir, resolution,
        interval).result();
    return new Outcome(result, failures, pods);
  }

  /** A Job name from the trial's: lower case, '-' for anything else, short enough for pods. */
  static String jobName(TrialSpec spec, Phase phase) {
    String base = ("ycsb-" + phase.label() + "-" + spec.trial()).toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9-]+", "-");
    base = base.length() > 52 ? base.substring(0, 52) : base;
    return base.replaceAll("-+$", "");
  }

  /** The pod's command: ClientMain watching PID 1 (the pod's shell), as the runner's JVM. */
  String command(TrialSpec spec, Phase phase) {
    List<String> c = new ArrayList<>();
    c.add("java");
    c.addAll(spec.jvmOptions());
    c.addAll(List.of("-cp", settings.clients().classPath(), ClientMain.class.getName(), "1",
        OutputArchive.OUT + "/cpu-seconds.txt", phase == Phase.LOAD ? "-load" : "-t", "-db",
        spec.db(), "-s", "-P"));
    StringBuilder s = new StringBuilder("exec");
    c.forEach(arg -> s.append(' ').append(quote(arg)));
    // the index is the pod's, so it stays outside the quotes for the shell to expand
    return s.append(' ').append(IndexedJobSpec.IN).append("/\"$JOB_COMPLETION_INDEX\"")
        .append(".client.properties").toString();
  }

  private static String quote(String arg) {
    return "'" + arg.replace("'", "'\\''") + "'";
  }

  private static String propertiesText(Map<String, String> props) {
    Properties p = new Properties();
    p.putAll(props);
    StringWriter out = new StringWriter();
    try {
      p.store(out, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static int exitOf(PodOutput pod) {
    if (pod.exitCode().isPresent()) {
      return pod.exitCode().getAsInt();
    }
    try {
      return Integer.parseInt(Files.readString(pod.dir().resolve("exit-code.txt")).trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  private static OptionalDouble cpuSeconds(Path dir) {
    try {
      Path f = dir.resolve("cpu-seconds.txt");
      return Files.exists(f) ? OptionalDouble.of(Double.parseDouble(Files.readString(f).trim()))
          : OptionalDouble.empty();
    } catch (IOException | NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  private static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no stderr came back)";
    }
  }

  @Override
  public void close() {
    if (ownsClient) {
      client.close();
    }
  }
}
