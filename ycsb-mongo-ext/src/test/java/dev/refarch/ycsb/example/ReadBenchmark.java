package dev.refarch.ycsb.example;

import dev.refarch.ycsb.mongo.MongoDbClient;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Reads through the binding: one instance per JMH thread, as YCSB has one per client thread. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReadBenchmark {

  private static final int RECORDS = 1_000;

  @Param("mongodb://127.0.0.1:27017/jmh")
  public String url;

  private final DB db = new MongoDbClient();
  private final Map<String, ByteIterator> row = new HashMap<>();
  private int next;

  @Setup(Level.Trial)
  public void open() throws DBException {
    Properties p = new Properties();
    p.setProperty("mongodb.url", url);
    p.setProperty("mongodb.upsert", "true");
    db.setProperties(p);
    db.init();
    for (int i = 0; i < RECORDS; i++) {
      db.insert("usertable", "user" + i, Map.of("field0", new StringByteIterator("value" + i)));
    }
  }

  @Benchmark
  public Status read() {
    row.clear();
    return db.read("usertable", "user" + (next++ % RECORDS), null, row);
  }

  @TearDown(Level.Trial)
  public void close() throws DBException {
    db.cleanup();
  }
}
