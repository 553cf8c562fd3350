package dev.refarch.ycsb.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding's distribution ({@code target/*-binding.tar.gz}, built by {@code package}) dropped
 * into a YCSB 0.17 folder: unpacked beside a {@code lib/} holding only YCSB core and its own
 * dependencies, then run with the class path and arguments {@code bin/ycsb load basic -cp
 * 'refarch-mongodb-binding/lib/*' -db …} builds. YCSB's release archives cannot be downloaded
 * here, so its {@code lib/} is assembled from the YCSB core jars this build resolved.
 */
@ExtendWith(LocalReplicaSet.class)
class BindingDistributionIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private final RunningCluster cluster;
  private Path home;

  BindingDistributionIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  /** A YCSB folder: lib/ with YCSB core and its dependencies, and the binding unpacked in it. */
  @BeforeEach
  void unpack(@TempDir Path dir) throws Exception {
    home = dir;
    Path lib = Files.createDirectories(home.resolve("lib"));
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (Stream.of("/site/ycsb/core/", "/org/apache/htrace/", "/org/codehaus/jackson/",
          "/org/hdrhistogram/").anyMatch(entry::contains)) {
        Files.copy(Path.of(entry), lib.resolve(Path.of(entry).getFileName()));
      }
    }
    try (Stream<Path> target = Files.list(Path.of("target"))) {
      Path archive = target.filter(p -> p.getFileName().toString().endsWith("-binding.tar.gz"))
          .findFirst().orElseThrow(() -> new AssertionError("no *-binding.tar.gz in target/:"
              + " run 'mvn package' first"));
      Process tar = new ProcessBuilder("tar", "xzf", archive.toAbsolutePath().toString(), "-C",
          home.toString()).inheritIO().start();
      assertThat(tar.waitFor(60, TimeUnit.SECONDS) && tar.exitValue() == 0).isTrue();
    }
  }

  /** What bin/ycsb 0.17 puts on the class path for {@code basic} with {@code -cp}. */
  private List<String> jvm(String main) {
    String cp = String.join(File.pathSeparator, home.resolve("refarch-mongodb-binding/lib/*")
        .toString(), home.resolve("basic-binding/conf").toString(), home.resolve("conf")
        .toString(), home.resolve("lib/*").toString());
    return List.of("-cp", cp, main);
  }

  @Test
  void theLibFolderHoldsTheBindingAndNotWhatYcsbShips() throws Exception {
    try (Stream<Path> jars = Files.list(home.resolve("refarch-mongodb-binding/lib"))) {
      List<String> names = jars.map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(names).anyMatch(n -> n.startsWith("ycsb-mongo-ext-"))
          .anyMatch(n -> n.startsWith("mongodb-driver-sync-"))
          .noneMatch(n -> n.startsWith("core-") || n.contains("htrace") || n.contains("-asl-")
              || n.contains("junit") || n.contains("tests"));
    }
  }

  @Test
  void loadsThroughYcsbsClientAsBinYcsbRunsIt() throws Exception {
    String url = LocalReplicaSet.url(cluster, "dist_load");
    // bin/ycsb: java -cp … site.ycsb.Client -db site.ycsb.BasicDB <arguments> -load
    List<String> args = Arrays.asList("-db", "site.ycsb.BasicDB", "-db",
        "dev.refarch.ycsb.mongo.MongoDbClient", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=500", "-threads", "4", "-s", "-p", "mongodb.url=" + url, "-load");
    YcsbProcess.Result r = YcsbProcess.run(jvm("site.ycsb.Client"), args, TIMEOUT);
    assertThat(r.exitCode()).as(r.all()).isZero();
    assertThat(r.count("INSERT", "OK")).isEqualTo(500);
    assertThat(r.stderr()).as("the driver's warning that SLF4J is missing (no SLF4J in YCSB's lib)")
        .doesNotContain("SLF4J not found");
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      assertThat(client.getDatabase("dist_load").getCollection("usertable").countDocuments())
          .isEqualTo(500);
    }
  }

  @Test
  void theLauncherInTheLibFolderRefusesBadInputWithExitCodeTwo() throws Exception {
    List<String> args = List.of("-load", "-db", "dev.refarch.ycsb.mongo.MongoDbClient",
        "-threads", "0", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=10", "-p", "mongodb.url=" + LocalReplicaSet.url(cluster, "dist_bad"));
    YcsbProcess.Result r = YcsbProcess.run(jvm(YcsbLauncher.class.getName()), args, TIMEOUT);
    assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
    assertThat(r.stderr()).contains("threadcount='0' is not allowed");
  }
}
