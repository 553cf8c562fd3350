package dev.refarch.ycsb.mongo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Binding instances opened in the test's own JVM, one per simulated YCSB thread, and closed
 * together after the test. Not thread-safe: one per test instance.
 */
public final class InProcessClients implements AutoCloseable {

  private final List<MongoDbClient> open = new ArrayList<>();

  /** A client of {@code url} with {@code settings}, initialised as YCSB's Client would. */
  public MongoDbClient open(String url, Map<String, String> settings) throws DBException {
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    p.putAll(settings);
    MongoDbClient c = new MongoDbClient();
    c.setProperties(p);
    c.init();
    open.add(c);
    return c;
  }

  /** Closes {@code c} now, flushing its batch, as YCSB does when a thread ends. */
  public void close(MongoDbClient c) throws DBException {
    open.remove(c);
    c.cleanup();
  }

  /** Closes every client still open. */
  @Override
  public void close() throws DBException {
    for (MongoDbClient c : List.copyOf(open)) {
      close(c);
    }
  }
}
