package dev.refarch.experiments.kubernetes;

import dev.refarch.experiments.results.ClientOutput;
import dev.refarch.experiments.results.TrialResult.ClientRecord;
import dev.refarch.experiments.trial.ClientLauncher;
import dev.refarch.experiments.trial.ClientMain;
import dev.refarch.experiments.trial.ClientPlan;
import dev.refarch.experiments.trial.ClientProcess;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.kubernetes.api.ClientFactory;
import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.jobs.IndexedJobSpec;
import dev.refarch.platform.kubernetes.jobs.IndexedJobs;
import dev.refarch.platform.kubernetes.jobs.OutputArchive;
import dev.refarch.platform.kubernetes.jobs.PodOutput;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Properties;

/**
 * Starts a trial's clients as the pods of a Kubernetes indexed Job instead of local JVMs — for
 * clusters one machine cannot drive (the seeds used 3–4 client hosts), and for a
 * {@code kubernetes} cluster, whose in-cluster names only pods resolve. Give it to
 * {@link TrialRunner#withClients}: the runner then runs hooks, the fault schedule, the merge and
 * {@code trial.json} exactly as for local clients.
 *
 * <p>Each pod gets the properties the runner would give client {@code i} (its threads, its slice
 * of records or operations, its share of the target), with {@code measurement.dir} in the pod's
 * output folder, in a Secret; it runs {@link ClientMain} from the client image
 * ({@code k8s.clients.image}) and hands its folder back through its log (see
 * {@link OutputArchive}). The folders land in {@code <clientsDir>/<phase>-<i>/} with the same
 * layout as local clients' ({@code stdout.txt}, {@code stderr.txt}, {@code cpu-seconds.txt},
 * {@code measurements/}). A phase counts as started — and its fault schedule starts — once every
 * pod is Running; a pod that fails ends the phase, and the Job with its other pods is deleted.
 *
 * <p>Thread-safe; phases may run one after another on one instance.
 *
 * <pre>{@code
 * try (KubernetesClients clients = KubernetesClients.open(Map.of("k8s.namespace", "bench",
 *     "k8s.clients.image", "registry.example/refarch-client:0.1.0"))) {
 *   TrialResult r = new TrialRunner(Path.of("results")).withClients(clients).run(spec, cluster);
 * }
 * }</pre>
 */
public final class KubernetesClients implements ClientLauncher, AutoCloseable {

  private final KubernetesClient client;
  private final boolean ownsClient;
  private final K8sSettings settings;
  private final String namespace;

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

  /**
   * Checks that {@code settings} can start clients on Kubernetes, before anything is created.
   *
   * @throws ConfigurationException for bad {@code k8s.*} settings or a missing client image
   */
  public static void validate(Map<String, String> settings) {
    requireImage(K8sSettings.from(settings));
  }

  private static String requireImage(K8sSettings s) {
    return s.clients().image().orElseThrow(() -> new ConfigurationException(
        K8sProperties.CLIENTS_IMAGE.key(), null, "an image with Java 17 and this library's jars",
        "--cluster kubernetes-local builds and imports its own; for another cluster build one"
            + " with src/bin/build-images client (a tarball, no registry) or from"
            + " src/docker/ycsb-client, and load or push it where the cluster's nodes find it"
            + " (src/docs/platforms.md, 'Clients as Kubernetes Jobs')"));
  }

  /**
   * Creates the phase's Job and returns once every pod runs.
   *
   * @throws ConfigurationException for a missing client image, before any object exists
   * @throws dev.refarch.platform.spi.PlatformException when the Job cannot run at all (RBAC,
   *     quota, an image that cannot be pulled); nothing is left behind
   */
  @Override
  public PhaseClients start(TrialSpec spec, Phase phase, Path clientsDir) {
    String image = requireImage(settings);
    List<Map<String, String>> files = new ArrayList<>();
    for (int i = 0; i < spec.clients(); i++) {
      Map<String, String> props = ClientPlan.properties(spec, phase, i);
      ClientPlan.placeOutputs(props, OutputArchive.OUT);
      files.add(Map.of("client.properties", propertiesText(props)));
    }
    IndexedJobSpec job = new IndexedJobSpec(jobName(spec, phase), image, command(spec, phase),
        Map.of(), files, settings.clients().cpu(), settings.clients().memory(),
        settings.clients().imagePullSecret());
    IndexedJobs.Submitted submitted = new IndexedJobs(client, namespace, settings.trial(),
        settings.cleanup()).submit(job, spec.phaseTimeout());
    try {
      submitted.awaitStarted(spec.phaseTimeout());
    } catch (RuntimeException e) {
      submitted.close();
      throw e;
    }
    return new JobClients(submitted, phase, clientsDir);
  }

  /** A phase's pods: outputs are collected when {@link #await} returns. */
  private static final class JobClients implements PhaseClients {

    private final IndexedJobs.Submitted job;
    private final Phase phase;
    private final Path clientsDir;
    private volatile List<PodOutput> pods = List.of();

    JobClients(IndexedJobs.Submitted job, Phase phase, Path clientsDir) {
      this.job = job;
      this.phase = phase;
      this.clientsDir = clientsDir;
    }

    @Override
    public List<ClientProcess> processes() {
      return List.of();
    }

    @Override
    public List<String> await(Duration timeout) {
      pods = job.awaitEnd(timeout, i -> clientsDir.resolve(phase.label() + "-" + i));
      List<String> failures = new ArrayList<>();
      for (PodOutput pod : pods) {
        if (!completed(pod)) {
          failures.add("client " + name(pod) + where(pod) + " " + pod.problem().orElse(
              "exited without writing its measurements (its binding did not initialise?)")
              + "; last lines of its stderr:\n" + ClientProcess.tail(pod.dir().resolve("stderr.txt"), 8));
        }
      }
      return failures;
    }

    @Override
    public void stop() {
      job.close();
    }

    @Override
    public List<ClientRecord> records() {
      return pods.stream().map(pod -> new ClientRecord(name(pod), exitOf(pod),
          "exit code " + exitOf(pod) + where(pod), completed(pod), cpuSeconds(pod.dir()))).toList();
    }

    @Override
    public List<Path> measurements() {
      return pods.stream().map(pod -> pod.dir().resolve("measurements")).toList();
    }

    private String name(PodOutput pod) {
      return phase.label() + "-" + pod.index();
    }

    /** As for local clients: exit 0 and measurements written. */
    private static boolean completed(PodOutput pod) {
      return pod.completed() && exitOf(pod) == 0
          && ClientOutput.isComplete(pod.dir().resolve("measurements"));
    }

    private static String where(PodOutput pod) {
      return pod.pod().map(p -> " (pod " + p + " on " + pod.node() + ")").orElse("");
    }
  }

  /**
   * A Job name from the trial's: lower case, '-' for anything else, cut short enough for the
   * pods' host names ({@code <job>-<index>}, at most 63 characters), and a hash of experiment and
   * trial, so that trials whose names differ only past the cut, or retained Jobs of another
   * experiment, do not collide.
   */
  static String jobName(TrialSpec spec, Phase phase) {
    String base = ("ycsb-" + phase.label() + "-" + spec.trial()).toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9-]+", "-");
    base = (base.length() > 45 ? base.substring(0, 45) : base).replaceAll("-+$", "");
    String hash = String.format(Locale.ROOT, "%06x",
        (spec.experiment() + "/" + spec.trial()).hashCode() & 0xffffff);
    return base + "-" + hash;
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

  @Override
  public void close() {
    if (ownsClient) {
      client.close();
    }
  }
}
