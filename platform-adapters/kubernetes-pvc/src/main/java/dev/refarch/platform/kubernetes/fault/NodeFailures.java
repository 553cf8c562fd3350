package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.config.K8sProperties;
import dev.refarch.platform.kubernetes.config.K8sSettings.NodeCommands;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Fails and returns nodes with the commands of {@code k8s.node.stopCommand} and
 * {@code k8s.node.startCommand} (run with {@code sh -c}, {@code {node}} and {@code {pods}}
 * replaced), for {@code node-failure mode=stop-kubelet}: Kubernetes has no API that powers a
 * node off, so whoever runs the nodes says how (the local cluster: {@code src/bin/k8s-node}).
 * Nodes stopped and not yet returned are remembered, and {@link #startAll} returns them.
 *
 * <p>Thread-safe.
 */
final class NodeFailures {

  private static final long COMMAND_TIMEOUT_SECONDS = 300;

  private final NodeCommands commands;
  private final Set<String> stopped = new LinkedHashSet<>();

  NodeFailures(NodeCommands commands) {
    this.commands = commands;
  }

  /**
   * Fails {@code node}, killing the containers of {@code pods} ({@code namespace/pod,...}).
   *
   * @throws ConfigurationException when no stop and start commands are configured
   */
  synchronized void stop(String node, String pods) {
    String stop = commands.stop().orElseThrow(() -> missing(K8sProperties.NODE_STOP_COMMAND.key()));
    commands.start().orElseThrow(() -> missing(K8sProperties.NODE_START_COMMAND.key()));
    run(stop.replace("{node}", node).replace("{pods}", pods), "stop node " + node);
    stopped.add(node);
  }

  /** Returns {@code node}; a no-op when it was not stopped here. */
  synchronized void start(String node) {
    if (stopped.contains(node)) {
      run(commands.start().orElseThrow().replace("{node}", node), "start node " + node);
      stopped.remove(node);
    }
  }

  /** Returns every node stopped here and not yet returned. */
  synchronized void startAll() {
    for (String node : Set.copyOf(stopped)) {
      start(node);
    }
  }

  private static ConfigurationException missing(String key) {
    return new ConfigurationException(key, null, "a shell command",
        "node-failure mode=stop-kubelet needs k8s.node.stopCommand and k8s.node.startCommand"
            + " (the local cluster sets them: src/bin/k8s-node)");
  }

  private static void run(String command, String what) {
    try {
      Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
      String out;
      try (var in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new PlatformException(what, "'" + command + "' did not end within "
            + COMMAND_TIMEOUT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        throw new PlatformException(what, "'" + command + "' exited " + p.exitValue() + ": "
            + out.trim());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(what, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(what, "interrupted", e);
    }
  }
}
