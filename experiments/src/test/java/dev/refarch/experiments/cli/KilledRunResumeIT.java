package dev.refarch.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner killed mid-trial against a real mongod (SIGKILL, while its clients run), then
 * {@code --resume}: the killed trial's staging folder — holding the clients' properties, which
 * carry the connection string, 0600 in its private folder — is gone afterwards, as is every
 * other staging folder and client properties file, in the results and in the runners' temporary
 * folder (a folder of the test's own: other processes on the machine use the shared one).
 */
@ExtendWith(LocalReplicaSet.class)
class KilledRunResumeIT {

  private final RunningCluster cluster;

  KilledRunResumeIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private static final String SPEC = """
      id: killed
      cluster: {type: local, topology: rs=1}
      workload: a
      properties:
        recordcount: "500"
        operationcount: "100000000"
        maxexecutiontime: "3"
      sweep: {parameters: {threadcount: [1, 2]}}
      """;

  private Process refarch(Path dir, String... extra) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + dir.resolve("tmp"),
        "-cp", System.getProperty("java.class.path"), Refarch.class.getName(),
        "run", dir.resolve("killed.yaml").toString(), "--results", dir.resolve("results").toString(),
        "--cluster", "uri:" + LocalReplicaSet.url(cluster, "killed")));
    cmd.addAll(List.of(extra));
    return new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("out-" + System.nanoTime() + ".txt").toFile()).start();
  }

  private static List<Path> find(Path root, String nameContains) throws Exception {
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(p -> p.getFileName().toString().contains(nameContains)).toList();
    }
  }

  @Test
  void resumeAfterAKillLeavesNoStagingFolderAndNoPropertiesFile(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("killed.yaml"), SPEC);
    Path results = dir.resolve("results").resolve("killed");
    Files.createDirectories(dir.resolve("tmp"));
    Process first = refarch(dir);
    long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
    List<Path> props = List.of();
    while (props.isEmpty() && System.nanoTime() < deadline && first.isAlive()) {
      Thread.sleep(100);
      props = find(results, "ycsb-client-");
    }
    assertThat(props).as("the clients' properties while the trial runs").isNotEmpty();
    Path file = props.get(0);
    assertThat(file.toString()).contains(".staging-").contains("/.private/");
    assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
        PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    assertThat(find(results, ".staging-")).as("the killed trial's staging folder").isNotEmpty();

    Process second = refarch(dir, "--resume");
    assertThat(second.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(second.exitValue()).as("exit code of the resumed run").isZero();
    assertThat(find(results, ".staging-")).as("staging folders").isEmpty();
    assertThat(find(dir.resolve("results"), "ycsb-client-")).as("properties files").isEmpty();
    assertThat(find(dir.resolve("results"), ".private")).as("private folders").isEmpty();
    try (Stream<Path> s = Files.list(dir.resolve("tmp"))) {
      assertThat(s.toList()).as("the runners' temporary folder").isEmpty();
    }
    try (Stream<Path> s = Files.list(results)) {
      assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("t")).sorted())
          .containsExactly("t001-threadcount=1-r1", "t002-threadcount=2-r1");
    }
    assertThat(Set.of(results.resolve("report.html"), results.resolve("plan.json")))
        .allMatch(Files::exists);
  }
}
