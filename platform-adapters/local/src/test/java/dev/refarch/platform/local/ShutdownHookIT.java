package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JVM that exits without closing its cluster still stops the cluster's processes. */
class ShutdownHookIT {

  @Test
  void exitingTheJvmWithoutCloseStopsTheProcessesAndDeletesTheirFiles(@TempDir Path parent)
      throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process child = new ProcessBuilder(java.toString(), "-cp",
        System.getProperty("java.class.path"), ShutdownHookIT.class.getName(), parent.toString())
        .redirectErrorStream(true).start();
    child.getOutputStream().close();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(child.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
    assertThat(child.exitValue()).as(output).isZero();
    String pid = output.replaceAll("(?s).*started pid (\\d+).*", "$1");
    assertThat(pid).as(output).matches("\\d+");
    Clusters.assertNothingRunning(Map.of("standalone", Long.parseLong(pid)), parent);
    assertThat(parent).isEmptyDirectory();
  }

  /** The child JVM: starts a standalone under {@code args[0]} and exits without closing it. */
  public static void main(String[] args) {
    RunningCluster cluster = new LocalProvisioner().start(Topology.standalone(),
        Map.of("local.workDir", args[0]));
    System.out.println("started pid " + Clusters.pids(cluster.state()).get("standalone"));
    System.exit(0);
  }
}
