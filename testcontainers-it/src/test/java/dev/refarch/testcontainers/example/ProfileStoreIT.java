package dev.refarch.testcontainers.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.mongo.MongoDbClient;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

@MongoCluster
class ProfileStoreIT {

  private final DB db = new MongoDbClient();

  @BeforeEach
  void open(String uri) throws Exception {
    Properties p = new Properties();
    p.setProperty("mongodb.url", uri);
    p.setProperty("mongodb.durability", "durable");
    db.setProperties(p);
    db.init();
  }

  @AfterEach
  void close() throws Exception {
    db.cleanup();
  }

  @Test
  void storesUpdatesAndDeletesAProfile() {
    Map<String, ByteIterator> ada = new HashMap<>(Map.of("name", new StringByteIterator("Ada")));
    assertThat(db.insert("profiles", "user1", ada)).isEqualTo(Status.OK);
    assertThat(db.update("profiles", "user1", Map.of("city", new StringByteIterator("London"))))
        .isEqualTo(Status.OK);

    Map<String, ByteIterator> read = new HashMap<>();
    assertThat(db.read("profiles", "user1", Set.of("city"), read)).isEqualTo(Status.OK);
    assertThat(read.get("city").toString()).isEqualTo("London");
    Vector<HashMap<String, ByteIterator>> page = new Vector<>();
    assertThat(db.scan("profiles", "user1", 10, null, page)).isEqualTo(Status.OK);
    assertThat(page).hasSize(1);

    assertThat(db.delete("profiles", "user1")).isEqualTo(Status.OK);
    assertThat(db.read("profiles", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
  }
}
