package dev.refarch.bench;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import dev.refarch.ycsb.config.YcsbProperties;
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
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import site.ycsb.Utils;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.UniformLongGenerator;

/**
 * The raw side of {@link BindingBenchmark}: the least a {@code mongodb-driver-sync} application
 * can ask of the driver per operation, doing a YCSB core workload's operation mix for a fixed
 * time, with none of YCSB's per-operation work (measurement objects, result maps, a binding).
 *
 * <p>Each operation is one database command run with {@code runCommand} on the worker's own
 * session, the reply read in place as {@link RawBsonDocument}: the commands the driver's
 * {@code find(…).first()}, {@code updateOne}, {@code insertOne} and a sorted, limited
 * {@code find} send, without the operation objects, cursors, codec lookups and implicit sessions
 * the driver's collection methods add per call (profiled, those were the driver's largest costs;
 * see src/docs/benchmarks.md). No retries: a failure counts as an error.
 *
 * <p>Same as the binding's run: the proportions of {@link CoreWorkloads#properties}, keys
 * {@code user} + FNV-64 hash of a draw from CoreWorkload's key chooser for
 * {@code requestdistribution} — {@code zipfian} ({@link ScrambledZipfianGenerator} over the
 * loaded records and room for the inserts) or {@code uniform} ({@link UniformLongGenerator} over
 * the loaded records), the only two it draws ({@link #DISTRIBUTIONS}) — documents of
 * {@code fieldcount} binary fields of {@code fieldlength} bytes, reads of all fields (every
 * value's bytes read), updates of one field, scans of a uniform length {@code 1…maxscanlength}
 * from a key in {@code _id} order in one batch, inserts of new keys from {@code recordcount} on,
 * the server's default write concern (as the binding's and the stock binding's defaults), a pool
 * of one connection per thread. Arguments are {@code key=value}:
 * {@code url}, {@code workload}, {@code recordcount}, {@code threads}, {@code seconds},
 * {@code operationcount}, {@code fieldcount}, {@code fieldlength}, {@code requestdistribution}
 * (default: the workload's own).
 * Prints its results in YCSB's text format, so one parser reads both sides, and a status line
 * every second as YCSB's {@code -s} does, for {@link SteadyWindow}.
 */
public final class RawLoop {

  /** The operations of a core workload, in YCSB's measurement names. */
  enum Op { READ, UPDATE, SCAN, INSERT }

  /** The request distributions the raw loop draws keys by; YCSB knows more. */
  static final List<String> DISTRIBUTIONS = List.of("zipfian", "uniform");

  private static final String TABLE = "usertable";
  private static final BsonDocument BY_ID = new BsonDocument("_id", new BsonInt32(1));

  private final MongoClient client;
  private final MongoDatabase database;
  private final String[] fields;
  private final Properties workload;
  private final int recordcount;
  private final int fieldcount;
  private final int fieldlength;
  private final NumberGenerator keys;
  private final UniformLongGenerator scanLengths;
  private final AtomicLong nextInsert;
  private final double[] cumulative = new double[Op.values().length];

  private RawLoop(MongoClient client, MongoDatabase database, Map<String, String> args) {
    this.client = client;
    this.database = database;
    this.workload = CoreWorkloads.properties(args.getOrDefault("workload", "a"));
    this.recordcount = Integer.parseInt(args.getOrDefault("recordcount", "1000"));
    this.fieldcount = Integer.parseInt(args.getOrDefault("fieldcount", "10"));
    this.fieldlength = Integer.parseInt(args.getOrDefault("fieldlength", "100"));
    this.fields = new String[fieldcount];
    for (int i = 0; i < fieldcount; i++) {
      fields[i] = "field" + i;
    }
    double insertProportion = Double.parseDouble(workload.getProperty("insertproportion", "0"));
    long expectedNewKeys = (long) (Long.parseLong(args.getOrDefault("operationcount", "0"))
        * insertProportion * 2.0);
    this.keys = keyChooser(args.getOrDefault("requestdistribution",
        YcsbProperties.REQUEST_DISTRIBUTION.from(workload)), recordcount, expectedNewKeys);
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

  /**
   * CoreWorkload's key chooser for {@code distribution} over {@code records} loaded keys: zipfian
   * with room for the {@code expectedNewKeys} inserts (draws of keys not inserted yet are
   * rejected), uniform over the loaded keys only.
   *
   * @throws IllegalArgumentException for any other distribution, naming the two it draws
   */
  static NumberGenerator keyChooser(String distribution, long records, long expectedNewKeys) {
    return switch (distribution) {
      case "zipfian" -> new ScrambledZipfianGenerator(0, records + expectedNewKeys);
      case "uniform" -> new UniformLongGenerator(0, records - 1);
      default -> throw new IllegalArgumentException("requestdistribution '" + distribution
          + "' is not drawn by the raw loop; allowed: " + String.join(", ", DISTRIBUTIONS));
    };
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
      RawLoop loop = new RawLoop(client, client.getDatabase(db), args);
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

  private BsonBinary value(ThreadLocalRandom random) {
    byte[] bytes = new byte[fieldlength];
    random.nextBytes(bytes);
    return new BsonBinary(bytes);
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
      try (ClientSession session = client.startSession()) {
        long now = System.nanoTime();
        while (now < deadline) {
          Op op = choose(random.nextDouble());
          try {
            if (!execute(session, op, random)) {
              errors[op.ordinal()]++;
            }
          } catch (RuntimeException e) {
            // a driver or BSON failure counts as an error; the first of each kind is shown
            if (errors[op.ordinal()]++ == 0) {
              System.err.println("[raw] " + op + " failed: " + e);
            }
          }
          long end = System.nanoTime();
          latency.get(op).recordValue((end - now) / 1000);
          done++;
          now = end;
        }
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

    /** Runs {@code op}; false when a write failed or a read found nothing. */
    private boolean execute(ClientSession session, Op op, ThreadLocalRandom random) {
      switch (op) {
        case READ -> {
          return consumeBatch(run(session, new BsonDocument("find", new BsonString(TABLE))
              .append("filter", new BsonDocument("_id", new BsonString(existingKey())))
              .append("limit", new BsonInt32(1)).append("singleBatch", BsonBoolean.TRUE))) == 1;
        }
        case UPDATE -> {
          BsonDocument set = new BsonDocument(fields[random.nextInt(fieldcount)], value(random));
          return written(run(session, new BsonDocument("update", new BsonString(TABLE))
              .append("updates", new BsonArray(List.of(new BsonDocument("q",
                  new BsonDocument("_id", new BsonString(existingKey())))
                  .append("u", new BsonDocument("$set", set)))))));
        }
        case SCAN -> {
          int n = scanLengths.nextValue().intValue();
          return consumeBatch(run(session, new BsonDocument("find", new BsonString(TABLE))
              .append("filter", new BsonDocument("_id", new BsonDocument("$gte",
                  new BsonString(existingKey()))))
              .append("sort", BY_ID).append("limit", new BsonInt32(n))
              .append("batchSize", new BsonInt32(n))
              .append("singleBatch", BsonBoolean.TRUE))) > 0;
        }
        case INSERT -> {
          BsonDocument doc = new BsonDocument("_id",
              new BsonString(key(nextInsert.getAndIncrement())));
          for (String f : fields) {
            doc.append(f, value(random));
          }
          return written(run(session, new BsonDocument("insert", new BsonString(TABLE))
              .append("documents", new BsonArray(List.of(doc)))));
        }
        default -> throw new IllegalStateException(op.name());
      }
    }

    private RawBsonDocument run(ClientSession session, BsonDocument command) {
      return database.runCommand(session, command, RawBsonDocument.class);
    }

    private boolean written(RawBsonDocument reply) {
      return !reply.containsKey("writeErrors") && !reply.containsKey("writeConcernError");
    }

    private String existingKey() {
      long keynum;
      do {
        keynum = keys.nextValue().longValue();
      } while (keynum >= nextInsert.get());
      return key(keynum);
    }

    /**
     * Reads every value's bytes of the documents in a {@code find} reply's first batch, in place,
     * as a YCSB read of all fields hands them over; returns how many documents it held.
     */
    private int consumeBatch(RawBsonDocument reply) {
      int documents = 0;
      try (BsonBinaryReader r = new BsonBinaryReader(reply.getByteBuffer().asNIO())) {
        r.readStartDocument();
        while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
          if (!r.readName().equals("cursor")) {
            r.skipValue();
            continue;
          }
          r.readStartDocument();
          while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (!r.readName().equals("firstBatch")) {
              r.skipValue();
              continue;
            }
            r.readStartArray();
            while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
              consumeDocument(r); // an array's reader skips the element names itself
              documents++;
            }
            r.readEndArray();
          }
          r.readEndDocument();
        }
      }
      return documents;
    }

    private void consumeDocument(BsonBinaryReader r) {
      r.readStartDocument();
      while (r.readBsonType() != BsonType.END_OF_DOCUMENT) {
        r.skipName();
        if (r.getCurrentBsonType() == BsonType.BINARY) {
          sink += r.readBinaryData().getData().length;
        } else {
          r.skipValue();
        }
      }
      r.readEndDocument();
    }
  }
}
