package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Every failure of an operation is a status YCSB counts, never an exception: YCSB 0.17 ends the
 * whole run with exit code 0 and no summary when an operation throws. Failures outside the
 * driver's {@code MongoException} — a document over 16 MiB, a field name BSON cannot hold — are
 * {@code ERROR}, and the instance keeps working.
 */
@ExtendWith(LocalReplicaSet.class)
class OperationFailuresIT {

  private static final int OVER_16_MIB = 17 * 1024 * 1024;
  private final RunningCluster cluster;
  private final InProcessClients clients = new InProcessClients();

  OperationFailuresIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  @AfterEach
  void close() throws Exception {
    clients.close();
  }

  private MongoDbClient client(String db, Map<String, String> settings) throws Exception {
    return clients.open(LocalReplicaSet.url(cluster, db), settings);
  }

  private static Map<String, ByteIterator> value(int bytes) {
    return new HashMap<>(Map.of("field0", new ByteArrayByteIterator(new byte[bytes])));
  }

  @Test
  void anOversizedDocumentIsAnErrorAndTheClientCarriesOn() throws Exception {
    MongoDbClient c = client("failures_oversized", Map.of());
    assertThat(c.insert("usertable", "big", value(OVER_16_MIB))).isEqualTo(Status.ERROR);
    assertThat(c.insert("usertable", "small", value(10))).isEqualTo(Status.OK);
    assertThat(c.update("usertable", "small", value(OVER_16_MIB))).isEqualTo(Status.ERROR);
    assertThat(c.read("usertable", "small", null, new HashMap<>())).isEqualTo(Status.OK);
  }

  @Test
  void anOversizedDocumentInABatchFailsTheBatchAsAStatus() throws Exception {
    MongoDbClient c = client("failures_batch", Map.of("dotransactions", "false",
        "mongodb.batchsize", "3"));
    assertThat(c.insert("usertable", "a", value(10))).isEqualTo(Status.BATCHED_OK);
    assertThat(c.insert("usertable", "b", value(OVER_16_MIB))).isEqualTo(Status.BATCHED_OK);
    assertThat(c.insert("usertable", "c", value(10))).isEqualTo(Status.ERROR);
    assertThat(c.insert("usertable", "d", value(10))).isEqualTo(Status.BATCHED_OK);
  }

  @Test
  void aFieldNameBsonCannotHoldIsAnError() throws Exception {
    MongoDbClient c = client("failures_codec", Map.of());
    Map<String, ByteIterator> bad = new HashMap<>(Map.of("fie\0ld", new StringByteIterator("x")));
    assertThat(c.insert("usertable", "k", bad)).isEqualTo(Status.ERROR);
    assertThat(c.insert("usertable", "k", value(10))).isEqualTo(Status.OK);
  }
}
