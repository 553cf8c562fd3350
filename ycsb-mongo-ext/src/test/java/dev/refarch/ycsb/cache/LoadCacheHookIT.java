package dev.refarch.ycsb.cache;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.hooks.HookRunner;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The load's cache and the member's own, read from the real {@code mongod}'s own report
 * ({@code serverStatus}), around a load that completes and one that fails; the run untouched.
 */
@ExtendWith(LocalReplicaSet.class)
class LoadCacheHookIT {

  private static final long HALF_GB = 512L << 20;
  private final List<String> log = new CopyOnWriteArrayList<>();

  @Test
  void theLoadRunsWithTheLargerCacheAndTheRunWithTheMembersOwn(RunningCluster cluster) {
    long own = configuredCache(cluster);
    HookRunner hooks = HookRunner.resolve(LoadCacheHook.NAME, settings(cluster), log::add);

    hooks.before(Phase.LOAD);
    long duringLoad = configuredCache(cluster);
    hooks.after(Phase.LOAD, PhaseOutcome.success());
    long afterLoad = configuredCache(cluster);
    hooks.before(Phase.RUN);
    long duringRun = configuredCache(cluster);
    hooks.after(Phase.RUN, PhaseOutcome.success());

    assertThat(own).as("the member's own cache").isNotEqualTo(HALF_GB);
    assertThat(duringLoad).as("the cache while the load runs").isEqualTo(HALF_GB);
    assertThat(afterLoad).as("after the load").isEqualTo(own);
    assertThat(duringRun).as("while the run runs").isEqualTo(own);
    String host = cluster.connectionString().replaceAll("mongodb://([^/?,]+).*", "$1");
    assertThat(hooks.state().of(LoadCacheHook.NAME))
        .containsEntry("load.cacheBytes", String.valueOf(HALF_GB))
        .containsEntry("member." + host + ".cacheBytes", String.valueOf(own))
        .containsEntry("member." + host + ".cacheBytes.restored", String.valueOf(own));
    assertThat(log).anySatisfy(l -> assertThat(l).contains("512 MB WiredTiger cache"));
  }

  @Test
  void aFailedLoadStillGivesTheMembersTheirOwnCacheBack(RunningCluster cluster) {
    long own = configuredCache(cluster);
    HookRunner hooks = HookRunner.resolve(LoadCacheHook.NAME, settings(cluster), log::add);

    hooks.before(Phase.LOAD);
    hooks.after(Phase.LOAD, PhaseOutcome.failed("a client exited with code 1"));

    assertThat(configuredCache(cluster)).as("after a failed load").isEqualTo(own);
  }

  private static Map<String, String> settings(RunningCluster cluster) {
    return Map.of("mongodb.url", LocalReplicaSet.url(cluster, "loadcache"),
        "mongodb.load.cacheSizeGB", "0.5");
  }

  /** The cache size the server reports configured now. */
  private static long configuredCache(RunningCluster cluster) {
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
      return ((Number) status.get("wiredTiger", Document.class).get("cache", Document.class)
          .get("maximum bytes configured")).longValue();
    }
  }
}
