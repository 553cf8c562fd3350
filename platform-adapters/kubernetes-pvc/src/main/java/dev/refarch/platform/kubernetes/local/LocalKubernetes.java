package dev.refarch.platform.kubernetes.local;

import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The local single-node Kubernetes of {@code src/bin/k8s-up}: started (or found running) by
 * {@link #up}, stopped with every host change undone by {@link #down}. {@link #settings} are the
 * {@code k8s.*} settings that point the {@code kubernetes} provisioner, the PVC hook and the
 * Job-based clients at it: its kubeconfig, its DNS server (pods are reachable from this machine,
 * so the runner resolves their names and talks to them directly), the node commands of
 * {@code node-failure mode=stop-kubelet}, and the busybox image for init containers.
 *
 * <p>Images: with {@code REFARCH_MONGOD_IMAGE} and {@code REFARCH_CLIENT_IMAGE} set (as
 * {@code eval "$(src/bin/build-images mongod client)"} sets them, the images imported by whoever
 * started the cluster) those are used; otherwise {@link #up} builds both with
 * {@code src/bin/build-images} (content-hash tags: nothing is rebuilt when nothing changed; the
 * client's jars are this JVM's class path when it is made of jars, as the {@code refarch}
 * command's is) and has {@code k8s-up} import them, so that nothing has to run before.
 *
 * <p>The scripts are found under {@code refarch.home} (system property), {@code REFARCH_HOME},
 * or the first parent of the working directory that holds {@code src/bin/k8s-up}; the state
 * folder is {@code K8S_STATE}'s, as for the scripts. Needs root on Linux.
 *
 * <p>Thread-safe: {@link #up} and {@link #down} are serialised within this JVM; the scripts are
 * idempotent across processes.
 *
 * <pre>{@code
 * LocalKubernetes k8s = LocalKubernetes.up();
 * Map<String, String> settings = new HashMap<>(k8s.settings());
 * settings.put("k8s.mongodb.image", "docker.io/local/mongod:25cf8d0791c0");
 * try (RunningCluster c = Extensions.provisioner("kubernetes").start(Topology.parse("rs=3"), settings)) { ... }
 * }</pre>
 */
public final class LocalKubernetes {

  /** The address of the node and of CoreDNS, on the cluster's bridge. */
  public static final String NODE_IP = "10.244.0.1";
  /** The node's name. */
  public static final String NODE = "refarch-node";
  /** The busybox image {@code k8s-up} builds and imports, for init containers. */
  public static final String BUSYBOX_IMAGE = "docker.io/refarch/busybox:1.35";
  /** The repository of {@code src/bin/build-images}' mongod image. */
  public static final String MONGOD_REPOSITORY = "docker.io/local/mongod";
  /** The repository of {@code src/bin/build-images}' YCSB client image. */
  public static final String CLIENT_REPOSITORY = "docker.io/local/refarch-client";
  private static final Object LOCK = new Object();

  private static final String MONGOD_IMAGE_ENV = "REFARCH_MONGOD_IMAGE";
  private static final String CLIENT_IMAGE_ENV = "REFARCH_CLIENT_IMAGE";

  private final Path home;
  private final Path kubeconfig;
  /** The images {@link #up} built, by environment variable; empty when the environment names them. */
  private final Map<String, String> built;

  private LocalKubernetes(Path home, Path kubeconfig, Map<String, String> built) {
    this.home = home;
    this.kubeconfig = kubeconfig;
    this.built = Map.copyOf(built);
  }

  /** Why the local cluster cannot run here, or empty when it can. */
  public static Optional<String> unavailableReason() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return Optional.of("the local Kubernetes cluster runs on Linux only");
    }
    if (!"root".equals(System.getProperty("user.name"))) {
      return Optional.of("the local Kubernetes cluster needs root (bridge, mounts, cgroups,"
          + " iptables); run as root or point k8s.kubeconfig at another cluster");
    }
    if (findHome().isEmpty()) {
      return Optional.of("src/bin/k8s-up not found: set -Drefarch.home or REFARCH_HOME to the"
          + " project's checkout");
    }
    return Optional.empty();
  }

  /** The state folder of the scripts: {@code K8S_STATE}, else the user's state folder. */
  public static Path stateDir() {
    String given = System.getenv("K8S_STATE");
    if (given != null && !given.isBlank()) {
      return Path.of(given);
    }
    String xdg = System.getenv("XDG_STATE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".local", "state");
    return base.resolve("ycsb-mongo-refarch").resolve("k8s");
  }

  /** Whether the cluster's API server and kubelet run (their PID files name live processes). */
  public static boolean running() {
    return alive("kube-apiserver") && alive("kubelet");
  }

  private static boolean alive(String component) {
    Path pid = stateDir().resolve("pids").resolve(component + ".pid");
    try {
      return Files.isRegularFile(pid) && ProcessHandle.of(Long.parseLong(
          Files.readString(pid).trim())).map(ProcessHandle::isAlive).orElse(false);
    } catch (IOException | NumberFormatException e) {
      return false;
    }
  }

  /**
   * Starts the cluster, or whatever part of it is not running, and waits until its node is
   * Ready. A cold first call builds Kubernetes (minutes); later calls take seconds.
   *
   * @throws PlatformException when it cannot run here or {@code k8s-up} fails, with its output
   */
  public static LocalKubernetes up() {
    unavailableReason().ifPresent(r -> {
      throw new PlatformException("start the local Kubernetes cluster", r);
    });
    Path home = findHome().orElseThrow();
    synchronized (LOCK) {
      Map<String, String> built = imagesGiven() ? Map.of() : buildImages(home);
      List<String> tars = built.entrySet().stream().filter(e -> e.getKey().endsWith("_TAR"))
          .map(Map.Entry::getValue).toList();
      String out = run(home, "k8s-up", TimeUnit.MINUTES.toSeconds(30), tars);
      List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
      return new LocalKubernetes(home, Path.of(lines.get(lines.size() - 1).trim()), built);
    }
  }

  private static boolean imagesGiven() {
    return List.of(MONGOD_IMAGE_ENV, CLIENT_IMAGE_ENV).stream().map(System::getenv)
        .allMatch(v -> v != null && !v.isBlank());
  }

  /**
   * Builds (or finds current) the mongod and client images with {@code src/bin/build-images},
   * for {@code k8s-up} to import: its exports, e.g. {@code REFARCH_CLIENT_IMAGE} and
   * {@code REFARCH_CLIENT_IMAGE_TAR}.
   */
  static Map<String, String> buildImages(Path home) {
    List<String> args = new ArrayList<>(List.of("mongod", "client", "--no-docker"));
    String classPath = System.getProperty("java.class.path", "");
    if (!classPath.isBlank() && java.util.Arrays.stream(classPath.split(java.io.File.pathSeparator))
        .allMatch(e -> e.endsWith(".jar") && Files.isRegularFile(Path.of(e)))) {
      args.addAll(List.of("--classpath", classPath));
    }
    return exports(run(home, "build-images", TimeUnit.MINUTES.toSeconds(20), args));
  }

  /** {@code export NAME=value} lines as a map, in order. */
  static Map<String, String> exports(String out) {
    Map<String, String> values = new LinkedHashMap<>();
    out.lines().map(String::trim).filter(l -> l.startsWith("export ") && l.contains("="))
        .forEach(l -> {
          String assignment = l.substring("export ".length());
          int eq = assignment.indexOf('=');
          values.put(assignment.substring(0, eq), unquote(assignment.substring(eq + 1)));
        });
    return values;
  }

  private static String unquote(String v) {
    return v.length() >= 2 && (v.startsWith("'") && v.endsWith("'")
        || v.startsWith("\"") && v.endsWith("\"")) ? v.substring(1, v.length() - 1) : v;
  }

  /**
   * Stops the cluster and undoes its host changes; a no-op when it is not running.
   *
   * @throws PlatformException when {@code k8s-down} reports something it could not undo
   */
  public static void down() {
    Path home = findHome().orElseThrow(() -> new PlatformException("stop the local Kubernetes"
        + " cluster", "src/bin/k8s-down not found"));
    synchronized (LOCK) {
      run(home, "k8s-down", 300, List.of());
    }
  }

  /** The admin kubeconfig (a token with cluster-admin rights; the file is readable by root only). */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /** The project checkout whose scripts run the cluster. */
  public Path home() {
    return home;
  }

  /**
   * The {@code k8s.*} settings that point the adapter at this cluster: its kubeconfig and DNS,
   * the node commands, the busybox init image, pods sized for a laptop's node (MongoDB 250m CPU
   * and 768Mi, clients 500m), and the MongoDB and client images — {@code REFARCH_MONGOD_IMAGE} and
   * {@code REFARCH_CLIENT_IMAGE} (what {@code src/bin/build-images} exports), else a
   * {@code docker.io/local/mongod} and a {@code docker.io/local/refarch-client} the node holds.
   */
  public Map<String, String> settings() {
    Map<String, String> s = new LinkedHashMap<>();
    image(MONGOD_IMAGE_ENV, MONGOD_REPOSITORY).ifPresent(i -> s.put("k8s.mongodb.image", i));
    image(CLIENT_IMAGE_ENV, CLIENT_REPOSITORY).ifPresent(i -> s.put("k8s.clients.image", i));
    s.put("k8s.mongodb.cpu", "250m");
    s.put("k8s.mongodb.memory", "768Mi");
    s.put("k8s.mongodb.wiredTigerCacheSizeGB", "0.25");
    // a client JVM throttled to 250m takes many seconds to start
    s.put("k8s.clients.cpu", "500m");
    s.put("k8s.clients.memory", "768Mi");
    s.put("k8s.kubeconfig", kubeconfig.toString());
    s.put("k8s.clusterDns", NODE_IP);
    s.put("k8s.mongodb.initImage", BUSYBOX_IMAGE);
    s.put("k8s.node.stopCommand", script("k8s-node") + " stop --pods {pods}");
    s.put("k8s.node.startCommand", script("k8s-node") + " start");
    // one node: members of a replica set cannot be spread over nodes
    s.put("k8s.mongodb.antiAffinity", "none");
    return s;
  }

  /**
   * The image {@code env} names, else the one {@link #up} built for it, else an image of
   * {@code repository} the node holds.
   */
  public Optional<String> image(String env, String repository) {
    String given = System.getenv(env);
    if (given != null && !given.isBlank()) {
      return Optional.of(given);
    }
    if (built.containsKey(env)) {
      return Optional.of(built.get(env));
    }
    try (KubernetesClient client = new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(kubeconfig.toFile())).build()) {
      // several tags of one repository (content hashes of older builds): the variable chooses
      return client.nodes().withName(NODE).get().getStatus().getImages().stream()
          .filter(i -> i.getNames().stream().anyMatch(n -> n.startsWith(repository + ":")))
          .findFirst().flatMap(i -> i.getNames().stream()
              .filter(n -> n.startsWith(repository + ":")).findFirst());
    }
  }

  private String script(String name) {
    return home.resolve("src/bin").resolve(name).toString();
  }

  private static Optional<Path> findHome() {
    List<String> given = new ArrayList<>();
    Optional.ofNullable(System.getProperty("refarch.home")).ifPresent(given::add);
    Optional.ofNullable(System.getenv("REFARCH_HOME")).ifPresent(given::add);
    for (String g : given) {
      Path p = Path.of(g).toAbsolutePath();
      if (Files.isExecutable(p.resolve("src/bin/k8s-up"))) {
        return Optional.of(p);
      }
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isExecutable(p.resolve("src/bin/k8s-up"))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  private static String run(Path home, String script, long timeoutSeconds, List<String> args) {
    Path log = null;
    try {
      log = Files.createTempFile(script + "-", ".log");
      Path out = Files.createTempFile(script + "-", ".out");
      List<String> command = new ArrayList<>(List.of(home.resolve("src/bin").resolve(script)
          .toString()));
      command.addAll(args);
      Process p = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(out.toFile()).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new PlatformException(script, "did not finish within " + timeoutSeconds + " s;"
            + " its log: " + log);
      }
      String stdout = Files.readString(out, StandardCharsets.UTF_8);
      Files.deleteIfExists(out);
      if (p.exitValue() != 0) {
        throw new PlatformException(script, "exited " + p.exitValue() + "; last lines of its"
            + " log (" + log + "):\n" + tail(log));
      }
      Files.deleteIfExists(log);
      return stdout;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(script, "interrupted; its log: " + log);
    }
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
  }
}
