package dev.refarch.experiments.cli;

import dev.refarch.experiments.kubernetes.KubernetesBridge;
import dev.refarch.experiments.kubernetes.KubernetesSupport;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch cluster up|down|status}: a local cluster for manual use. {@code up} starts it
 * and stays in the foreground until interrupted or until {@code down} asks it to stop (its
 * processes belong to it, so nothing outlives it); the state file names its URI and process.
 * {@code --kind kubernetes-local} is the single-node Kubernetes of {@code src/bin/k8s-up}
 * instead: {@code up} returns once it runs (its processes are the scripts'), {@code down} stops
 * it and restores the host.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Refarch.Version.class,
    name = "cluster", description = "Start, stop or show a local cluster: up | down | status.")
final class ClusterCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "up|down|status")
  String action;

  @Option(names = "--kind", description = "local (mongod processes, default) or kubernetes-local"
      + " (a single-node Kubernetes for --cluster kubernetes-local)")
  String kind = "local";

  @Option(names = "--topology", description = "standalone, rs=1, rs=3, pss, … (default rs=1)")
  String topology = "rs=1";

  @Option(names = "--name", description = "cluster name (default: default)")
  String name = "default";

  @Option(names = "--state-dir", description = "where cluster state files live (default: ~/.cache/ycsb-mongo-refarch/clusters)")
  Path stateDir = Path.of(System.getProperty("user.home"), ".cache", "ycsb-mongo-refarch", "clusters");

  @Override
  public Integer call() throws Exception {
    if (!java.util.List.of("up", "down", "status").contains(action)) {
      throw new ConfigurationException("cluster action", action, "up, down, status");
    }
    try {
      Topology.parse(topology);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("--topology", topology, Topology.ALLOWED);
    }
    if (!name.matches("[A-Za-z0-9._-]+")) {
      throw new ConfigurationException("--name", name, "letters, digits, '.', '_' and '-'");
    }
    if (kind.equals("kubernetes-local")) {
      return kubernetes();
    }
    if (!kind.equals("local")) {
      throw new ConfigurationException("--kind", kind, "local, kubernetes-local");
    }
    Path state = stateDir.resolve(name + ".properties");
    return switch (action) {
      case "up" -> up(state);
      case "down" -> down(state);
      case "status" -> status(state);
      default -> {
        System.err.println("cluster action '" + action + "' is not allowed; allowed: up, down, status");
        yield Refarch.BAD_INPUT;
      }
    };
  }

  private int kubernetes() {
    KubernetesSupport.require("--kind", "kubernetes-local");
    switch (action) {
      case "up" -> {
        System.out.println("up: kubernetes-local; KUBECONFIG=" + KubernetesBridge.localUp());
        System.out.println("use with: refarch run <study> --cluster kubernetes-local;"
            + " stop with: refarch cluster down --kind kubernetes-local");
      }
      case "down" -> {
        KubernetesBridge.localDown();
        System.out.println("down: kubernetes-local");
      }
      case "status" -> System.out.println("kubernetes-local: " + KubernetesBridge.localStatus()
          .map(kubeconfig -> "up, KUBECONFIG=" + kubeconfig).orElse("down"));
      default -> {
        System.err.println("cluster action '" + action + "' is not allowed; allowed: up, down,"
            + " status");
        return Refarch.BAD_INPUT;
      }
    }
    return Refarch.OK;
  }

  private int up(Path state) throws IOException, InterruptedException {
    if (alive(state)) {
      System.err.println("cluster '" + name + "' is already up; see refarch cluster status");
      return Refarch.BAD_INPUT;
    }
    try (RunningCluster c = Extensions.provisioner("local").start(Topology.parse(topology), Map.of())) {
      Properties p = new Properties();
      p.setProperty("uri", c.connectionString());
      p.setProperty("topology", c.topology().label());
      p.setProperty("pid", String.valueOf(ProcessHandle.current().pid()));
      Files.createDirectories(state.getParent());
      try (var out = Files.newBufferedWriter(state, StandardCharsets.UTF_8)) {
        p.store(out, "refarch cluster " + name);
      }
      System.out.println("up: " + c.topology().label() + " at " + Redaction.maskUri(c.connectionString()));
      System.out.println("stop with: refarch cluster down" + (name.equals("default") ? "" : " --name " + name)
          + " (or Ctrl-C)");
      CountDownLatch stop = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
      stop.await();
      return Refarch.OK;
    } finally {
      Files.deleteIfExists(state);
    }
  }

  private int down(Path state) throws Exception {
    Properties p = read(state);
    if (p == null) {
      System.out.println("cluster '" + name + "' is not up");
      return Refarch.OK;
    }
    var process = ProcessHandle.of(Long.parseLong(p.getProperty("pid")));
    if (process.isPresent()) {
      process.get().destroy();
      process.get().onExit().get(60, TimeUnit.SECONDS);
    }
    Files.deleteIfExists(state);
    System.out.println("down: " + name);
    return Refarch.OK;
  }

  private int status(Path state) throws IOException {
    Properties p = read(state);
    if (p == null || !alive(state)) {
      System.out.println(name + ": down");
      return Refarch.OK;
    }
    System.out.println(name + ": up, " + p.getProperty("topology") + " at "
        + Redaction.maskUri(p.getProperty("uri")) + " (held by pid " + p.getProperty("pid") + ")");
    return Refarch.OK;
  }

  private static boolean alive(Path state) throws IOException {
    Properties p = read(state);
    return p != null && ProcessHandle.of(Long.parseLong(p.getProperty("pid")))
        .map(ProcessHandle::isAlive).orElse(false);
  }

  private static Properties read(Path state) throws IOException {
    if (!Files.exists(state)) {
      return null;
    }
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(state, StandardCharsets.UTF_8)) {
      p.load(in);
    }
    return p;
  }
}
