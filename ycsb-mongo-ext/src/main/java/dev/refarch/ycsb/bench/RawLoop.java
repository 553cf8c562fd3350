package dev.refarch.ycsb.bench;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;

/**
 * The raw side of {@link BindingBenchmark}: plain {@code mongodb-driver-sync} code, written as an
 * application would write it, doing a YCSB core workload's operation mix for a fixed time.
 *
 * <p>Same as the binding's run: the proportions of {@link CoreWorkloads#properties}, keys
 * {@code user} + FNV-64 hash of a {@link ScrambledZipfianGenerator} draw over the loaded records,
 * documents of {@code fieldcount} binary fields of {@code fieldlength} bytes, reads of all fields,
 * updates of one field, scans of a uniform length {@code 1…maxscanlength} from a key in
 * {@code _id} order with a batch of the scan length, inserts of new keys from
 * {@code recordcount} on, the write concern of the connection string, a pool of one
 * connection per thread. Arguments are {@code key=value}: {@code url}, {@code workload},
 * {@code recordcount}, {@code threads}, {@code seconds}, {@code operationcount}, {@code fieldcount}, {@code fieldlength}.
 * Prints its results in YCSB's text format, so one parser reads both sides, and a status line
 * every second as YCSB's {@code -s} does, for {@link SteadyWindow}.
 */
public final class RawLoop {

  /** The operations of a core workload, in YCSB's measurement names. */
  enum Op { READ, UPDATE, SCAN, INSERT }

  private final MongoCollection<Document> collection;
  private final Properties workload;
  private final int recordcount;
  private final int fieldcount;
  private final int fieldlength;
  private final ScrambledZipfianGenerator keys;
  private final UniformLongGenerator scanLengths;
  private final AtomicLong nextInsert;
  private final double[] cumulative = new double[Op.values().length];

  private RawLoop(MongoCollection<Document> collection, Map<String, String> args) {
    this.collection = collection;
    this.workload = CoreWorkloads.properties(args.getOrDefault("workload", "a"));
    this.recordcount = Integer.parseInt(args.getOrDefault("recordcount", "1000"));
    this.fieldcount = Integer.parseInt(args.getOrDefault("fieldcount", "10"));
    this.fieldlength = Integer.parseInt(args.getOrDefault("fieldlength", "100"));
    // CoreWorkload's key chooser: room for the inserts expected of operationcount, draws of keys
    // not inserted yet rejected
    double insertProportion = Double.parseDouble(workload.getProperty("insertproportion", "0"));
    long expectedNewKeys = (long) (Long.parseLong(args.getOrDefault("operationcount", "0"))
        * insertProportion * 2.0);
    this.keys = new ScrambledZipfianGenerator(0, recordcount + expectedNewKeys);
    this.scanLengths = new UniformLongGenerator(1,
        Long.parseLong(workload.getProperty("maxscanlength", "1000")));
    this.nextInsert = new AtomicLong(recordcount);
    double sum = 0;
    for (Op op : Op.values()) {
      sum += Double.parseDouble(workload.getProperty(op.name().toLowerCase(Locale.ROOT)
          + "proportion", "0"));
      cumulative[op.ordinal()] = sum;
    }
  }

  public static void main(String[] argv) throws InterruptedException {
    Map<String, String> args = new LinkedHashMap<>();
    for (String a : argv) {
      int eq = a.indexOf('=');
      args.put(a.substring(0, eq), a.substring(eq + 1));
    }
    int threads = Integer.parseInt(args.getOrDefault("threads", "1"));
    long seconds = Long.parseLong(args.getOrDefault("seconds", "5"));
    ConnectionString url = new ConnectionString(args.get("url"));
    MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(url)
        .applyToConnectionPoolSettings(p -> p.maxSize(Math.max(threads, 100))).build();
    try (MongoClient client = MongoClients.create(settings)) {
      String db = url.getDatabase() == null ? "ycsb" : url.getDatabase();
      RawLoop loop = new RawLoop(client.getDatabase(db).getCollection("usertable"), args);
      List<Worker> workers = new ArrayList<>();
      long start = System.nanoTime();
      long deadline = start + seconds * 1_000_000_000L;
      for (int i = 0; i < threads; i++) {
        Worker w = loop.new Worker(deadline);
        workers.add(w);
        w.start();
      }
      // a status line every second and one when the last worker ends
      boolean alive = true;
      for (long tick = start + 1_000_000_000L; alive; tick += 1_000_000_000L) {
        for (Worker w : workers) {
          long wait = (tick - System.nanoTime()) / 1_000_000;
          if (wait > 0) {
            w.join(wait);
          }
        }
        alive = workers.stream().anyMatch(Thread::isAlive);
        status(workers, start);
      }
      report(workers, (System.nanoTime() - start) / 1_000_000);
    }
  }

  /** A line in the format of YCSB's status lines: time, elapsed seconds, operations so far. */
  private static void status(List<Worker> workers, long start) {
    long done = workers.stream().mapToLong(w -> w.done).sum();
    System.err.printf(Locale.ROOT, "%s %d sec: %d operations;%n",
        SteadyWindow.TIME.format(java.time.LocalDateTime.now()),
        (System.nanoTime() - start) / 1_000_000_000L, done);
  }

  private static void report(List<Worker> workers, long millis) {
    long total = 0;
    StringBuilder out = new StringBuilder();
    for (Op op : Op.values()) {
      Histogram h = new Histogram(3);
      long errors = 0;
      for (Worker w : workers) {
        h.add(w.latency.get(op));
        errors += w.errors[op.ordinal()];
      }
      if (h.getTotalCount() == 0) {
        continue;
      }
      total += h.getTotalCount();
      out.append(String.format(Locale.ROOT, "[%s], Operations, %d%n", op, h.getTotalCount()));
      out.append(String.format(Locale.ROOT, "[%s], 50thPercentileLatency(us), %d%n", op,
          h.getValueAtPercentile(50)));
      out.append(String.format(Locale.ROOT, "[%s], 99thPercentileLatency(us), %d%n", op,
          h.getValueAtPercentile(99)));
      out.append(String.format(Locale.ROOT, "[%s], Return=ERROR, %d%n", op, errors));
    }
    System.out.printf(Locale.ROOT, "[OVERALL], RunTime(ms), %d%n", millis);
    System.out.printf(Locale.ROOT, "[OVERALL], Throughput(ops/sec), %f%n", total * 1000.0 / millis);
    System.out.print(out);
  }

  private static String key(long keynum) {
    return "user" + Utils.hash(keynum);
  }

  private Binary value(ThreadLocalRandom random) {
    byte[] bytes = new byte[fieldlength];
    random.nextBytes(bytes);
    return new Binary(bytes);
  }

  /** One client thread: operations until the deadline, latencies per operation. */
  private final class Worker extends Thread {
    private final long deadline;
    private final Map<Op, Histogram> latency = new EnumMap<>(Op.class);
    private final long[] errors = new long[Op.values().length];
    /** Operations done; written by this thread only, read by the status line. */
    private volatile long done;
    private long sink;

    Worker(long deadline) {
      this.deadline = deadline;
      for (Op op : Op.values()) {
        latency.put(op, new Histogram(3));
      }
    }

    @Override
    public void run() {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      long now = System.nanoTime();
      while (now < deadline) {
        Op op = choose(random.nextDouble());
        try {
          execute(op, random);
        } catch (MongoException e) {
          errors[op.ordinal()]++;
        }
        long end = System.nanoTime();
        latency.get(op).recordValue((end - now) / 1000);
        done++;
        now = end;
      }
    }

    private Op choose(double r) {
      for (Op op : Op.values()) {
        if (r < cumulative[op.ordinal()]) {
          return op;
        }
      }
      return Op.READ;
    }

    private void execute(Op op, ThreadLocalRandom random) {
      switch (op) {
        case READ -> read(existingKey());
        case UPDATE -> collection.updateOne(new Document("_id", existingKey()),
            new Document("$set", new Document("field" + random.nextInt(fieldcount), value(random))));
        case SCAN -> scan(existingKey(), scanLengths.nextValue().intValue());
        case INSERT -> {
          Document doc = new Document("_id", key(nextInsert.getAndIncrement()));
          for (int i = 0; i < fieldcount; i++) {
            doc.append("field" + i, value(random));
          }
          collection.insertOne(doc);
        }
        default -> throw new IllegalStateException(op.name());
      }
    }

    private String existingKey() {
      long keynum;
      do {
        keynum = keys.nextValue();
      } while (keynum >= nextInsert.get());
      return key(keynum);
    }

    private void read(String key) {
      Document doc = collection.find(new Document("_id", key)).first();
      if (doc != null) {
        consume(doc);
      }
    }

    private void scan(String startkey, int n) {
      try (MongoCursor<Document> cursor = collection.find(
          new Document("_id", new Document("$gte", startkey))).sort(new Document("_id", 1))
          .limit(n).batchSize(n).iterator()) {
        while (cursor.hasNext()) {
          consume(cursor.next());
        }
      }
    }

    /** Touches every field's bytes, as a YCSB read of all fields hands them over. */
    private void consume(Document doc) {
      for (Map.Entry<String, Object> e : doc.entrySet()) {
        if (e.getValue() instanceof Binary b) {
          sink += b.getData().length;
        }
      }
    }
  }
}
