package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.bson.Document;

/** Test fixtures around local clusters: facts from their state, processes, clients. */
final class Clusters {

  private Clusters() {
  }

  /** The facts the provisioner recorded. */
  static Map<String, String> facts(RunningCluster cluster) {
    return cluster.state().of(LocalCluster.COMPONENT);
  }

  /** Member name to pid, from the state. */
  static Map<String, Long> pids(PlatformState state) {
    Map<String, Long> pids = new TreeMap<>();
    state.of(LocalCluster.COMPONENT).forEach((key, value) -> {
      if (key.startsWith("member.") && key.endsWith(".pid")) {
        pids.put(key.substring("member.".length(), key.length() - ".pid".length()),
            Long.parseLong(value));
      }
    });
    return pids;
  }

  static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** Processes of this user whose command line mentions {@code dir}. */
  static List<String> processesUsing(Path dir) {
    String prefix = dir.toAbsolutePath().toString();
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().arguments()
            .map(args -> Arrays.stream(args).anyMatch(a -> a.startsWith(prefix))).orElse(false))
        .map(p -> p.pid() + " " + p.info().commandLine().orElse("?"))
        .toList();
  }

  /** Asserts that every recorded process is gone and nothing else runs from {@code workDir}. */
  static void assertNothingRunning(Map<String, Long> pids, Path workDir) {
    assertThat(pids.values()).as("pids of %s", pids).noneMatch(Clusters::alive);
    assertThat(processesUsing(workDir)).isEmpty();
  }

  /** A client with short timeouts, so a broken cluster fails a test quickly. */
  static MongoClient client(String connectionString) {
    return MongoClients.create(MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(connectionString))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(20, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(3, TimeUnit.SECONDS))
        .applyToServerSettings(b -> b.heartbeatFrequency(500, TimeUnit.MILLISECONDS))
        .build());
  }

  /** Member name to replication state, as the current primary's replSetGetStatus reports it. */
  static Map<String, String> replicaStates(RunningCluster cluster, MongoClient client) {
    Map<String, String> facts = facts(cluster);
    Map<String, String> nameByHost = new TreeMap<>();
    facts.forEach((key, value) -> {
      if (key.startsWith("member.") && key.endsWith(".port")) {
        nameByHost.put("127.0.0.1:" + value,
            key.substring("member.".length(), key.length() - ".port".length()));
      }
    });
    Map<String, String> states = new TreeMap<>();
    client.getDatabase("admin").runCommand(new Document("replSetGetStatus", 1))
        .getList("members", Document.class)
        .forEach(m -> states.put(nameByHost.get(m.getString("name")), m.getString("stateStr")));
    return states;
  }

  /**
   * Polls {@code condition} every 200 ms until true or {@code timeout}. A driver error counts as
   * "not yet" (members come and go during faults) and becomes the cause of the failure if the
   * condition never holds.
   */
  static void await(Duration timeout, String what, Supplier<Boolean> condition) {
    long end = System.nanoTime() + timeout.toNanos();
    MongoException lastError = null;
    while (true) {
      try {
        if (condition.get()) {
          return;
        }
      } catch (MongoException e) {
        lastError = e;
      }
      if (System.nanoTime() > end) {
        throw new AssertionError("not within " + timeout.toSeconds() + " s: " + what, lastError);
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + what, e);
      }
    }
  }
}
