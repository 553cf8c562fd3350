package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A harness that layers its properties ({@code new Properties(defaults)}) is read whole: every
 * key the binding reads counts when it is only in the defaults, unknown keys there included.
 */
@ExtendWith(LocalReplicaSet.class)
class PropertiesWithDefaultsIT {

  private final RunningCluster cluster;
  private MongoDbClient open;

  PropertiesWithDefaultsIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @AfterEach
  void close() throws DBException {
    if (open != null) {
      open.cleanup();
    }
  }

  /** An empty {@code Properties} over defaults holding the cluster's URL and {@code kv}. */
  private Properties layered(String database, String... kv) {
    Properties defaults = new Properties();
    defaults.setProperty("mongodb.url", LocalReplicaSet.url(cluster, database));
    for (int i = 0; i < kv.length; i += 2) {
      defaults.setProperty(kv[i], kv[i + 1]);
    }
    return new Properties(defaults);
  }

  private MongoDbClient init(Properties p) throws DBException {
    MongoDbClient c = new MongoDbClient();
    c.setProperties(p);
    c.init();
    open = c;
    return c;
  }

  private static Map<String, ByteIterator> value() {
    return new HashMap<>(Map.of("f0", new StringByteIterator("x")));
  }

  @Test
  void urlOnlyInTheDefaultsIsTheOneConnectedTo() throws Exception {
    MongoDbClient c = init(layered("defaults_url"));
    assertThat(c.insert("usertable", "user1", value())).isEqualTo(Status.OK);
    try (MongoClient verify = MongoClients.create(cluster.connectionString())) {
      assertThat(verify.getDatabase("defaults_url").getCollection("usertable").countDocuments())
          .isEqualTo(1);
    }
  }

  @Test
  void profileOnlyInTheDefaultsSetsTheWriteConcern() throws Exception {
    init(layered("defaults_profile", "mongodb.durability", "durable"));
    EffectiveSettings effective = MongoDbClient.effectiveSettings().orElseThrow();
    assertThat(effective.durability()).isEqualTo("durable");
    assertThat(effective.writeConcern()).isEqualTo("{\"w\": 1, \"j\": true}");
  }

  @Test
  void unknownKeyOnlyInTheDefaultsFailsInit() {
    Properties p = layered("defaults_unknown", "mongodb.durabilty", "durable");
    assertThatThrownBy(() -> init(p))
        .isInstanceOf(DBException.class)
        .hasMessageContaining("mongodb.durabilty='durable'")
        .hasMessageContaining("did you mean 'mongodb.durability'?");
  }

  @Test
  void ycsbBatchSizeOnlyInTheDefaultsBatchesTheLoad() throws Exception {
    MongoDbClient c = init(layered("defaults_batch", "batchsize", "3", "dotransactions", "false"));
    assertThat(c.insert("usertable", "user1", value())).isEqualTo(Status.BATCHED_OK);
    assertThat(c.insert("usertable", "user2", value())).isEqualTo(Status.BATCHED_OK);
    assertThat(c.insert("usertable", "user3", value())).isEqualTo(Status.OK);
  }

  @Test
  void measurementDirOnlyInTheDefaultsIsWritten(@TempDir Path dir) throws Exception {
    MongoDbClient c = init(layered("defaults_measure", "measurement.dir", dir.toString()));
    assertThat(c.insert("usertable", "user1", value())).isEqualTo(Status.OK);
    c.cleanup();
    open = null;
    assertThat(dir.resolve("summary.json")).content().contains("\"INSERT\"");
  }
}
