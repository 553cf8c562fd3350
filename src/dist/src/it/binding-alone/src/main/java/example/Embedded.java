package example;

import dev.refarch.ycsb.mongo.MongoDbClient;
import java.util.Properties;
import site.ycsb.DB;

/** Compiles against the binding the way a harness embeds it: YCSB's DB API, our client. */
final class Embedded {

  static DB open(String uri) throws Exception {
    Properties p = new Properties();
    p.setProperty("mongodb.url", uri);
    DB db = new MongoDbClient();
    db.setProperties(p);
    db.init();
    return db;
  }
}
