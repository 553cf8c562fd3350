package dev.refarch.ycsb.workloads;

import com.mongodb.MongoException;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.ycsb.mongo.BindingInput;
import dev.refarch.ycsb.mongo.InitFailure;
import dev.refarch.ycsb.mongo.MongoSettings;
import dev.refarch.ycsb.mongo.ScanMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.random.RandomGenerator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's core workload with what the seed studies need: their record shapes
 * ({@code refarch.data.preset}), compressible or text values, an active dataset (NetApp C3), the
 * scan lengths {@code uniform}, {@code zipfian} and {@code constant}, the index field for index
 * scans, and workloads D and E that can run again on the same data.
 * {@code -p workload=dev.refarch.ycsb.workloads.RefarchWorkload}; every core workload property
 * keeps its meaning; {@code refarch.*} properties are in {@link WorkloadProperties}.
 *
 * <p>How scans reach the binding: YCSB's {@code scan(startkey, n)} has no end key, so the start
 * key's trailing digits carry the record ordinal ({@link dev.refarch.ycsb.mongo.KeyOrdinals}).
 * With {@code mongodb.scan.mode=range} the keys are ordered and zero-padded and the binding
 * derives the end key as ordinal + n; with {@code mongodb.scan.mode=index} this workload hands the
 * binding the unhashed key {@code user<ordinal>} even when keys are hashed, and the binding scans
 * the index field ({@code mongodb.scan.indexField}), which this workload fills with each record's
 * ordinal.
 *
 * <p>Re-runnable inserts: with {@code refarch.insertKeys=reserve} (the default) a run with inserts
 * reserves {@code operationcount} ordinals in MongoDB at {@link #init} and inserts there
 * ({@link KeySpace}, {@link InsertKeyReservations}).
 *
 * <p>Thread-safe as YCSB requires: per-thread state ({@link #initThread}) holds each thread's
 * random generator, seeded from {@code refarch.seed} when set.
 */
public class RefarchWorkload extends CoreWorkload {

  static {
    dev.refarch.ycsb.mongo.DriverLogging.quietWithoutSlf4j();
  }

  private WorkloadSettings settings;
  private KeySpace keys;
  /** Key choice; {@code null} for YCSB's own distributions other than uniform and zipfian. */
  private Sampler keySampler;
  private Sampler scanLengths;
  private ValueGenerator values;
  private List<String> fieldNames;
  private boolean indexScans;
  private Measurements measurements;

  /** One YCSB thread's state: its random generator. */
  private static final class ThreadState {
    final SplittableRandom random;

    ThreadState(SplittableRandom random) {
      this.random = random;
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    MongoSettings mongo;
    try {
      // the whole input at once: the binding's keys and YCSB's as well as refarch.*
      ConfigurationProblems problems = new ConfigurationProblems();
      Optional<BindingInput.Parsed> binding = BindingInput.check(p, problems);
      Optional<WorkloadSettings> workload = WorkloadSettings.parse(p, problems);
      problems.throwIfAny();
      settings = workload.orElseThrow();
      mongo = binding.orElseThrow().mongo();
    } catch (RuntimeException e) {
      throw InitFailure.workload(p, e);
    }
    super.init(settings.coreProperties(p));
    measurements = Measurements.getMeasurements();
    fieldNames = new ArrayList<>();
    String prefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
    for (int i = 0; i < fieldcount; i++) {
      fieldNames.add(prefix + i);
    }
    indexScans = mongo.scan().mode() == ScanMode.INDEX;
    values = new ValueGenerator(fieldNames, fieldlengthgenerator, settings.compressibility(),
        settings.valueType(), mongo.scan().indexField());
    try {
      Plan plan = Plan.of(p, recordcount);
      keySampler = keySampler(plan);
      scanLengths = scanLengths(p);
      keys = insertKeys(mongo, plan);
    } catch (IllegalArgumentException e) {
      throw new WorkloadException(e.getMessage(), e);
    }
  }

  /** The YCSB counts that decide key choice and insert reservations. */
  private record Plan(long insertStart, long insertCount, long operations, double insertProportion,
      boolean running, Optional<Long> newKeys) {
    static Plan of(Properties p, long recordcount) {
      long start = Long.parseLong(p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT));
      long count = Long.parseLong(p.getProperty(INSERT_COUNT_PROPERTY, String.valueOf(recordcount - start)));
      return new Plan(start, count, Long.parseLong(p.getProperty("operationcount", "0")),
          Double.parseDouble(p.getProperty(INSERT_PROPORTION_PROPERTY, INSERT_PROPORTION_PROPERTY_DEFAULT)),
          Boolean.parseBoolean(p.getProperty("dotransactions", "true")),
          WorkloadProperties.EXPECTED_NEW_KEYS.find(p));
    }

    boolean inserts() {
      return running && insertProportion > 0;
    }

    /**
     * The new keys zipfian key choice spreads over: {@code refarch.expectedNewKeys}, else as
     * YCSB, the inserts expected twice over.
     */
    long expectedNewKeys() {
      return newKeys.orElseGet(() -> (long) (operations * insertProportion * 2.0));
    }
  }

  /** The largest ordinal key choice can draw (for tests): the key space it spreads over. */
  long keyChoiceMax() {
    return keySampler == null ? -1 : keySampler.max();
  }

  private Sampler keySampler(Plan plan) {
    if (settings.hasActiveSet()) {
      long active = settings.activeCount(plan.insertCount());
      return settings.requestDistribution().equals("zipfian")
          ? Sampler.scrambledZipfian(plan.insertStart(), active)
          : Sampler.uniform(plan.insertStart(), plan.insertStart() + active - 1);
    }
    switch (settings.requestDistribution()) {
      case "uniform":
        return Sampler.uniform(plan.insertStart(), plan.insertStart() + plan.insertCount() - 1);
      case "zipfian":
        return Sampler.scrambledZipfian(plan.insertStart(),
            plan.insertCount() + plan.expectedNewKeys() + 1);
      default:
        return null;
    }
  }

  private Sampler scanLengths(Properties p) {
    int min = Integer.parseInt(p.getProperty(MIN_SCAN_LENGTH_PROPERTY, MIN_SCAN_LENGTH_PROPERTY_DEFAULT));
    int max = Integer.parseInt(p.getProperty(MAX_SCAN_LENGTH_PROPERTY, MAX_SCAN_LENGTH_PROPERTY_DEFAULT));
    if (min < 1 || max < min) {
      throw new ConfigurationException(MAX_SCAN_LENGTH_PROPERTY, String.valueOf(max),
          "at least minscanlength (" + min + "), which must be at least 1");
    }
    switch (settings.scanLengthDistribution()) {
      case "zipfian":
        return Sampler.zipfian(min, max);
      case "constant":
        return Sampler.constant(max);
      default:
        return Sampler.uniform(min, max);
    }
  }

  /** The key space, with this run's inserts moved to a reserved block when they must not collide. */
  private KeySpace insertKeys(MongoSettings mongo, Plan plan) throws WorkloadException {
    KeySpace space = new KeySpace(orderedinserts, zeropadding, recordcount, recordcount);
    boolean reserve = plan.inserts() && settings.insertKeys() == InsertKeys.RESERVE;
    long block = plan.operations() > 0 ? plan.operations() : Integer.MAX_VALUE;
    try {
      if (mongo.scan().mode() == ScanMode.RANGE) {
        long base = reserve ? InsertKeyReservations.peek(mongo, table, recordcount) : recordcount;
        requireKeyWidth(plan.inserts() ? base + block - 1 : recordcount - 1);
      }
      if (!reserve) {
        return space;
      }
      long base = InsertKeyReservations.reserve(mongo, table, recordcount, block);
      System.err.println("[refarch-workload] inserts of this run use ordinals " + base + " to "
          + (base + block - 1) + " (reserved in " + mongo.database() + "."
          + InsertKeyReservations.COLLECTION + ")");
      return space.withInsertBase(base);
    } catch (MongoException e) {
      throw new WorkloadException("cannot reserve this run's insert keys in " + mongo.maskedUrl()
          + ": " + Redaction.maskUri(e.getMessage()) + "; " + WorkloadProperties.INSERT_KEYS.key()
          + "=after-load inserts from recordcount as YCSB does (a second run then collides)", e);
    }
  }

  /** Range scans compare keys as strings: every key up to {@code widest} needs the same width. */
  private void requireKeyWidth(long widest) {
    if (KeySpace.digits(widest) > zeropadding) {
      throw new ConfigurationException(ZERO_PADDING_PROPERTY, String.valueOf(zeropadding),
          "at least " + KeySpace.digits(widest) + " for mongodb.scan.mode=range", "range scans"
              + " compare keys as strings, so every key up to ordinal " + widest + " needs the same"
              + " width; load and run with the wider zeropadding");
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    return new ThreadState(settings.seed()
        .map(seed -> new SplittableRandom(seed + 0x9E3779B97F4A7C15L * (threadId + 1)))
        .orElseGet(SplittableRandom::new));
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    RandomGenerator random = ((ThreadState) threadstate).random;
    long ordinal = keysequence.nextValue().longValue();
    String key = keys.keyName(ordinal);
    HashMap<String, ByteIterator> record = values.record(random, ordinal);
    Status status;
    int retries = 0;
    while (true) {
      status = db.insert(table, key, record);
      if (status != null && status.isOk() || ++retries > insertionRetryLimit) {
        break;
      }
      System.err.println("Retrying insertion, retry count: " + retries);
      try {
        Thread.sleep((long) (1000 * insertionRetryInterval * (0.8 + 0.4 * random.nextDouble())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return status != null && status.isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String operation = operationchooser.nextString();
    if (operation == null) {
      return false;
    }
    RandomGenerator random = ((ThreadState) threadstate).random;
    switch (operation) {
      case "READ":
        db.read(table, keyName(random), fields(random), new HashMap<>());
        break;
      case "UPDATE":
        db.update(table, keyName(random), updateValues(random));
        break;
      case "INSERT":
        insert(db, random);
        break;
      case "SCAN":
        scan(db, random);
        break;
      default:
        readModifyWrite(db, random);
    }
    return true;
  }

  private void insert(DB db, RandomGenerator random) {
    long logical = transactioninsertkeysequence.nextValue();
    try {
      long ordinal = keys.physical(logical);
      db.insert(table, keys.keyName(ordinal), values.record(random, ordinal));
    } finally {
      transactioninsertkeysequence.acknowledge(logical);
    }
  }

  private void scan(DB db, RandomGenerator random) {
    long ordinal = keys.physical(nextKeynum(random));
    String start = indexScans ? keys.ordinalKey(ordinal) : keys.keyName(ordinal);
    db.scan(table, start, (int) scanLengths.next(random), fields(random), new Vector<>());
  }

  private void readModifyWrite(DB db, RandomGenerator random) {
    String key = keyName(random);
    HashMap<String, ByteIterator> update = updateValues(random);
    long intended = measurements.getIntendedtartTimeNs();
    long start = System.nanoTime();
    Status status = db.read(table, key, fields(random), new HashMap<>());
    if (status.isOk()) {
      status = db.update(table, key, update);
    }
    long end = System.nanoTime();
    measurements.measure("READ-MODIFY-WRITE", (int) ((end - start) / 1000));
    measurements.measureIntended("READ-MODIFY-WRITE", (int) ((end - intended) / 1000));
    measurements.reportStatus("READ-MODIFY-WRITE", status);
  }

  private String keyName(RandomGenerator random) {
    return keys.keyName(keys.physical(nextKeynum(random)));
  }

  private HashMap<String, ByteIterator> updateValues(RandomGenerator random) {
    return writeallfields ? values.allFields(random) : values.oneField(random);
  }

  /** {@code null} (every field) with {@code readallfields}, else one field at random. */
  private Set<String> fields(RandomGenerator random) {
    if (readallfields) {
      return null;
    }
    Set<String> one = new HashSet<>(2);
    one.add(fieldNames.get(random.nextInt(fieldNames.size())));
    return one;
  }

  /** A logical ordinal of a record that exists: loaded, or inserted and acknowledged. */
  long nextKeynum(RandomGenerator random) {
    long last = transactioninsertkeysequence.lastValue();
    long k;
    if (keySampler != null) {
      do {
        k = keySampler.next(random);
      } while (k > last);
    } else if (keychooser instanceof ExponentialGenerator) {
      do {
        k = last - keychooser.nextValue().longValue();
      } while (k < 0);
    } else {
      do {
        k = keychooser.nextValue().longValue();
      } while (k > last);
    }
    return k;
  }
}
