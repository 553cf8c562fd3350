package example;

import dev.refarch.testcontainers.junit.MongoCluster;
import dev.refarch.ycsb.mongo.MongoDbClient;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

@MongoCluster
class ProfileStoreIT {

  @Test
  void stores(String uri) throws Exception {
    Properties p = new Properties();
    p.setProperty("mongodb.url", uri);
    DB db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    try {
      Map<String, ByteIterator> ada = new HashMap<>(Map.of("name", new StringByteIterator("Ada")));
      Assertions.assertEquals(Status.OK, db.insert("profiles", "user1", ada));
    } finally {
      db.cleanup();
    }
  }
}
