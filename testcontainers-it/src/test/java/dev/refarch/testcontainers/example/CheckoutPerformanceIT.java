package dev.refarch.testcontainers.example;

import com.mongodb.client.MongoClient;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.testcontainers.slo.SloAssert;
import dev.refarch.testcontainers.slo.SloTrial;
import java.time.Duration;
import org.bson.Document;
import org.junit.jupiter.api.Test;

@MongoCluster(topology = MongoCluster.Kind.SHARDED, shards = 2, members = 3)
class CheckoutPerformanceIT {

  @Test
  void ordersAreStored(MongoClient client) {
    client.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1));
  }

  @Test
  void updatesStayFastAtTheExpectedLoad(RunningCluster cluster) throws Exception {
    TrialResult result = SloTrial.against(cluster)
        .workload("a").records(10_000).operations(30_000)
        .target(500).threadsPerClient(8)
        .property("mongodb.durability", "durable-majority")
        .run();

    SloAssert.assertThat(result)
        .throughputIsAtLeast(450)
        .operation("UPDATE").percentile(99).isBelow(Duration.ofMillis(10))
        .operation("READ").responseTime().percentile(99.9).isBelow(Duration.ofMillis(50));
  }
}
