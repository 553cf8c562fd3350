package dev.refarch.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input that involves a real cluster — a mongod started with {@code --auth} — fails with one
 * line and exit 2 before anything is written: no results folder, no database on the server. A
 * few rows run through the real launcher, {@code src/bin/refarch}, for its exit codes.
 */
class ClusterInputIT {

  /** Made up per run: no credential is written in the source. */
  private static final String PASSWORD = "pw-" + java.util.UUID.randomUUID();

  /** The test user's connection string for {@code pathAndQuery} with {@code password}. */
  private static String userUri(String pathAndQuery, String password) {
    return "mongodb://bench:" + password + "@" + host + pathAndQuery;
  }

  private static RunningCluster cluster;
  private static String host;

  @BeforeAll
  static void startMongodWithAuthentication() {
    cluster = Extensions.provisioner("local").start(Topology.parse("standalone"),
        Map.of("local.extraArgs", "--auth"));
    String cs = cluster.connectionString();
    host = cs.substring("mongodb://".length()).replaceAll("[/?].*$", "");
    // the localhost exception lets the first user be created without credentials
    try (MongoClient c = MongoClients.create("mongodb://" + host + "/")) {
      c.getDatabase("admin").runCommand(new Document("createUser", "bench")
          .append("pwd", PASSWORD).append("roles", List.of("root")));
    }
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static List<String> databases() {
    try (MongoClient c = MongoClients.create(userUri("/?authSource=admin", PASSWORD))) {
      return c.listDatabaseNames().into(new ArrayList<>());
    }
  }

  private static MalformedInputCorpusTest.Result tiny(Path dir, String uri, String... extra)
      throws Exception {
    Path spec = dir.resolve("tiny.yaml");
    Files.writeString(spec, "id: tiny\nworkload: a\nproperties: {recordcount: \"50\","
        + " operationcount: \"50\"}\n");
    List<String> args = new ArrayList<>(List.of("run", spec.toString(), "--results",
        dir.resolve("results").toString(), "--cluster", "uri:" + uri));
    args.addAll(List.of(extra));
    return MalformedInputCorpusTest.run(args.toArray(String[]::new));
  }

  @Test
  void aWrongPasswordIsOneLineWithExitTwoAndNothingWritten(@TempDir Path dir) throws Exception {
    String wrong = PASSWORD + "-not";
    var r = tiny(dir, userUri("/ycsb?authSource=admin", wrong));
    assertThat(r.exit()).as(r.err()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err().lines()).containsExactly("cluster.uri='mongodb://***@" + host
        + "/ycsb?authSource=admin' is not allowed; allowed: a connection string whose"
        + " credentials the cluster accepts (authentication failed for user 'bench')");
    assertThat(r.err()).doesNotContain(wrong);
    assertThat(dir.resolve("results")).doesNotExist();
    assertThat(databases()).doesNotContain("ycsb");
  }

  @Test
  void anUnreachableClusterIsOneLineWithExitTwo(@TempDir Path dir) throws Exception {
    var r = tiny(dir, "mongodb://127.0.0.1:1/ycsb?serverSelectionTimeoutMS=500");
    assertThat(r.exit()).as(r.err()).isEqualTo(Refarch.BAD_INPUT);
    assertThat(r.err().lines()).containsExactly("cluster.uri='mongodb://127.0.0.1:1/ycsb?"
        + "serverSelectionTimeoutMS=500' is not allowed; allowed: a cluster this runner reaches"
        + " (no server answered within 500 ms)");
    assertThat(dir.resolve("results")).doesNotExist();
  }

  @Test
  void badSettingsAgainstARealClusterCreateNoDatabase(@TempDir Path dir) throws Exception {
    String uri = userUri("/corpusdb?authSource=admin", PASSWORD);
    for (String set : List.of("recordcount=-1", "mongodb.durability=durabel", "fieldcount=0",
        "vsan.nope=1")) {
      var r = tiny(dir, uri, "--set", set);
      assertThat(r.exit()).as(set + ": " + r.err()).isEqualTo(Refarch.BAD_INPUT);
      assertThat(r.err().lines()).as(set).hasSize(1);
    }
    assertThat(dir.resolve("results")).doesNotExist();
    assertThat(databases()).doesNotContain("corpusdb");
  }

  @Test
  void theLauncherExitsZeroForHelpAndTwoForBadInput(@TempDir Path dir) throws Exception {
    Path launcher = Path.of(System.getProperty("user.dir")).getParent().resolve("src/bin/refarch");
    Assumptions.assumeTrue(Files.isExecutable(launcher), "no launcher at " + launcher);
    assertThat(launch(launcher, dir, "run", "--help")).isZero();
    assertThat(launch(launcher, dir, "list", "--help")).isZero();
    assertThat(launch(launcher, dir, "help")).isZero();
    assertThat(launch(launcher, dir, "report", dir.resolve("nonexistent").toString()))
        .isEqualTo(Refarch.BAD_INPUT);
    assertThat(launch(launcher, dir, "run", "A1", "--dry-run", "--set", "clients=1000"))
        .isEqualTo(Refarch.BAD_INPUT);
    assertThat(Files.readString(dir.resolve("err.txt")).lines()).containsExactly(
        "--set clients='1000' is not allowed; allowed: an integer from 1 to 64 (each client is a"
            + " JVM of its own)");
  }

  private static int launch(Path launcher, Path dir, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile()).start();
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("the launcher ends").isTrue();
    return p.exitValue();
  }
}
