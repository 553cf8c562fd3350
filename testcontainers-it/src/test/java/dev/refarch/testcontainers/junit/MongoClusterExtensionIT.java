package dev.refarch.testcontainers.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.refarch.platform.spi.RunningCluster;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a user's test class gets from {@code @MongoCluster} with the defaults, on a real cluster. */
@MongoCluster
class MongoClusterExtensionIT {

  private static String uriBeforeAll;

  @BeforeAll
  static void seesTheClusterBeforeTheFirstTest(String uri) {
    uriBeforeAll = uri;
  }

  @Test
  void injectsAWorkingClient(MongoClient client) {
    MongoCollection<Document> orders = client.getDatabase("extension_it").getCollection("orders");
    orders.insertOne(new Document("_id", 1).append("total", 42));

    assertThat(orders.find(new Document("_id", 1)).first()).containsEntry("total", 42);
  }

  @Test
  void injectsTheConnectionStringOfTheSameCluster(String uri, RunningCluster cluster) {
    assertThat(uri).isEqualTo(cluster.connectionString()).isEqualTo(uriBeforeAll);
    try (MongoClient own = MongoClients.create(uri)) {
      assertThat(own.getDatabase("admin").runCommand(new Document("ping", 1)).get("ok"))
          .isEqualTo(1.0);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"a", "b"})
  void parameterizedTestsKeepTheirArguments(String letter, @MongoUri String uri) {
    assertThat(letter).hasSize(1);
    assertThat(uri).startsWith("mongodb://");
  }

  @Test
  void theClusterHasTheAnnotatedShape(RunningCluster cluster) {
    assertThat(cluster.topology().label()).isEqualTo("rs=1");
    assertThat(cluster.state().isEmpty()).isFalse();
  }
}
