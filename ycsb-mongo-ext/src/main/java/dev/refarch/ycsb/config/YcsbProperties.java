package dev.refarch.ycsb.config;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.platform.spi.config.PropertyMaps;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Declares YCSB's own core and workload properties that this library reads or depends on, with
 * the ranges in which they mean something, and checks them before anything connects or writes:
 * YCSB itself runs {@code recordcount=-1}, {@code fieldcount=0} or {@code threadcount=0} as a
 * silent no-op, or fails mid-run with a stack trace.
 *
 * <p>The keys have no common prefix, so {@link #GROUP} is for the README's table and parsing only;
 * unknown unprefixed keys are never an error (every workload class has its own).
 *
 * <p>Stateless and thread-safe.
 */
public final class YcsbProperties {

  /** MongoDB's largest document, 16 MiB. */
  public static final long MAX_DOCUMENT_BYTES = 16L * 1024 * 1024;

  public static final Setting<Integer> THREADS = Setting.integer("threadcount", 1, 1, 100_000,
      "client threads (`-threads`); sizes the binding's connection pool");

  public static final Setting<Double> TARGET = Setting.decimal("target", 0.0, 0, Double.MAX_VALUE,
      "operations per second over all threads (`-target`); 0 = unthrottled");

  public static final Setting<Boolean> TRANSACTIONS = Setting.bool("dotransactions", true,
      "false for `-load`, true for `-t`");

  public static final Setting<Long> RECORD_COUNT = Setting.longInteger("recordcount", null, 1,
      Long.MAX_VALUE, "records in the data set (YCSB reads 0 as 2^31 - 1 keys)");

  public static final Setting<Integer> OPERATION_COUNT = Setting.integer("operationcount", null, 0,
      Integer.MAX_VALUE, "operations of a run; 0 = no count (run by `maxexecutiontime`)");

  public static final Setting<Long> INSERT_START = Setting.longInteger("insertstart", 0L, 0,
      Long.MAX_VALUE, "first record ordinal this client loads");

  public static final Setting<Integer> INSERT_COUNT = Setting.integer("insertcount", null, 1,
      Integer.MAX_VALUE, "records this client loads from insertstart; insertstart + insertcount"
          + " at most recordcount");

  public static final Setting<Integer> MAX_EXECUTION_TIME = Setting.integer("maxexecutiontime",
      0, 0, Integer.MAX_VALUE, "seconds after which the phase stops; 0 = no limit");

  public static final Setting<String> TABLE = Setting.custom("table", "name", "usertable",
      "a collection name: no '$' or NUL, not starting with 'system.'",
      "the collection written and read", YcsbProperties::parseCollection);

  public static final Setting<Integer> FIELD_COUNT = Setting.integer("fieldcount", 10, 1,
      Integer.MAX_VALUE, "fields per record");

  public static final Setting<Integer> FIELD_LENGTH = Setting.integer("fieldlength", 100, 1,
      Integer.MAX_VALUE, "bytes per field value (the largest, unless the distribution is constant)");

  public static final Setting<Integer> MIN_FIELD_LENGTH = Setting.integer("minfieldlength", 1, 1,
      Integer.MAX_VALUE, "smallest field value for uniform and zipfian field lengths");

  public static final Setting<String> FIELD_LENGTH_DISTRIBUTION = Setting.choice(
      "fieldlengthdistribution", "constant", names("constant", "uniform", "zipfian", "histogram"),
      "how field value lengths are drawn");

  public static final Setting<String> FIELD_NAME_PREFIX = Setting.custom("fieldnameprefix",
      "name", "field", "a field name prefix without '.', '$' or NUL",
      "field names are this prefix and a number", YcsbProperties::parseFieldPrefix);

  public static final Setting<String> INSERT_ORDER = Setting.choice("insertorder", "hashed",
      names("hashed", "ordered"), "key order of inserts; range scans need ordered");

  public static final Setting<String> REQUEST_DISTRIBUTION = Setting.choice("requestdistribution",
      "uniform", names("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"),
      "how the run draws keys");

  public static final Setting<String> SCAN_LENGTH_DISTRIBUTION = Setting.choice(
      "scanlengthdistribution", "uniform", names("uniform", "zipfian", "constant"),
      "how scan lengths are drawn");

  public static final Setting<Integer> ZERO_PADDING = Setting.integer("zeropadding", 1, 1, 64,
      "digits a key's number is padded to");

  public static final Setting<Integer> MIN_SCAN_LENGTH = Setting.integer("minscanlength", 1, 1,
      Integer.MAX_VALUE, "shortest scan");

  public static final Setting<Integer> MAX_SCAN_LENGTH = Setting.integer("maxscanlength", 1000, 1,
      Integer.MAX_VALUE, "longest scan");

  public static final Setting<Double> READ_PROPORTION = proportion("readproportion", 0.95);
  public static final Setting<Double> UPDATE_PROPORTION = proportion("updateproportion", 0.05);
  public static final Setting<Double> INSERT_PROPORTION = proportion("insertproportion", 0.0);
  public static final Setting<Double> SCAN_PROPORTION = proportion("scanproportion", 0.0);
  public static final Setting<Double> READ_MODIFY_WRITE_PROPORTION =
      proportion("readmodifywriteproportion", 0.0);

  public static final Setting<Double> HOTSPOT_DATA_FRACTION = Setting.decimal(
      "hotspotdatafraction", 0.2, 0, 1, "share of keys that are hot (hotspot distribution)");

  public static final Setting<Double> HOTSPOT_OPERATION_FRACTION = Setting.decimal(
      "hotspotopnfraction", 0.8, 0, 1, "share of operations on hot keys (hotspot distribution)");

  public static final Setting<Boolean> READ_ALL_FIELDS = Setting.bool("readallfields", true,
      "reads ask for every field");

  public static final Setting<Boolean> WRITE_ALL_FIELDS = Setting.bool("writeallfields", false,
      "updates write every field");

  public static final Setting<Boolean> DATA_INTEGRITY = Setting.bool("dataintegrity", false,
      "reads verify values (needs constant field lengths)");

  public static final Setting<String> MEASUREMENT_TYPE = Setting.choice("measurementtype",
      "hdrhistogram", names("histogram", "hdrhistogram", "hdrhistogram+histogram",
          "hdrhistogram+raw", "timeseries", "raw"), "YCSB's latency measurement");

  public static final Setting<Integer> STATUS_INTERVAL = Setting.integer("status.interval", 10, 1,
      Integer.MAX_VALUE, "seconds between status lines (`-s`)");

  private static final List<Setting<Double>> PROPORTIONS = List.of(READ_PROPORTION,
      UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION, READ_MODIFY_WRITE_PROPORTION);

  /** Every declared key, for the README's table; never for unknown-key checks. */
  public static final SettingGroup GROUP = SettingGroup.of("", List.of(THREADS, TARGET,
      TRANSACTIONS, RECORD_COUNT, OPERATION_COUNT, INSERT_START, INSERT_COUNT, MAX_EXECUTION_TIME,
      TABLE, FIELD_COUNT, FIELD_LENGTH, MIN_FIELD_LENGTH, FIELD_LENGTH_DISTRIBUTION,
      FIELD_NAME_PREFIX, INSERT_ORDER, REQUEST_DISTRIBUTION, ZERO_PADDING, MIN_SCAN_LENGTH,
      MAX_SCAN_LENGTH, SCAN_LENGTH_DISTRIBUTION,
      READ_PROPORTION, UPDATE_PROPORTION, INSERT_PROPORTION, SCAN_PROPORTION,
      READ_MODIFY_WRITE_PROPORTION, HOTSPOT_DATA_FRACTION, HOTSPOT_OPERATION_FRACTION,
      READ_ALL_FIELDS, WRITE_ALL_FIELDS, DATA_INTEGRITY, MEASUREMENT_TYPE, STATUS_INTERVAL));

  /** Workload classes whose operation mix comes from the proportions above. */
  private static final List<String> CORE_WORKLOADS = List.of("site.ycsb.workloads.CoreWorkload",
      "dev.refarch.ycsb.workloads.RefarchWorkload");

  private YcsbProperties() {
  }

  /**
   * Parses every declared key that is present (an empty value is a problem) and checks the
   * combinations YCSB would otherwise get wrong, recording each problem in {@code problems}.
   */
  public static void check(Map<?, ?> properties, ConfigurationProblems problems) {
    GROUP.settings().forEach(s -> problems.find(s, properties));
    if (!problems.has(INSERT_START.key()) && !problems.has(INSERT_COUNT.key())
        && !problems.has(RECORD_COUNT.key())) {
      checkInsertRange(properties, problems);
    }
    checkDocumentSize(properties, problems);
    checkScanLengths(properties, problems);
    checkOperationMix(properties, problems);
  }

  private static void checkInsertRange(Map<?, ?> properties, ConfigurationProblems problems) {
    Optional<Integer> count = INSERT_COUNT.find(properties);
    Optional<Long> records = RECORD_COUNT.find(properties);
    long start = INSERT_START.from(properties);
    if (count.isPresent() && records.isPresent() && start + count.get() > records.get()) {
      problems.add(new ConfigurationException(INSERT_COUNT.key(), String.valueOf(count.get()),
          "at most recordcount - insertstart = " + (records.get() - start),
          "YCSB's CoreWorkload exits when insertstart + insertcount exceeds recordcount"));
    } else if (count.isEmpty() && records.isPresent() && start >= records.get()) {
      problems.add(new ConfigurationException(INSERT_START.key(), String.valueOf(start),
          "below recordcount (" + records.get() + ") when insertcount is unset",
          "nothing would be loaded"));
    }
  }

  /** Refuses records that cannot fit MongoDB's 16 MiB: every insert would fail. */
  private static void checkDocumentSize(Map<?, ?> properties, ConfigurationProblems problems) {
    if (problems.has(FIELD_COUNT.key()) || problems.has(FIELD_LENGTH.key())
        || problems.has(FIELD_NAME_PREFIX.key())) {
      return;
    }
    long fields = FIELD_COUNT.from(properties);
    long length = FIELD_LENGTH.from(properties);
    // per field: type byte, name and its NUL, binary length, subtype, the value
    long perField = 1 + FIELD_NAME_PREFIX.from(properties).length()
        + String.valueOf(fields).length() + 1 + 4 + 1 + length;
    long bytes = 5 + 64 + fields * perField;
    if (bytes > MAX_DOCUMENT_BYTES) {
      long allowed = Math.max(0, (MAX_DOCUMENT_BYTES - 69) / fields - (perField - length));
      problems.add(new ConfigurationException(FIELD_LENGTH.key(), String.valueOf(length),
          "at most " + allowed + " with fieldcount=" + fields,
          "a record would be about " + bytes / (1024 * 1024) + " MiB; MongoDB refuses documents"
              + " over 16 MiB, so every insert would fail"));
    }
  }

  private static void checkScanLengths(Map<?, ?> properties, ConfigurationProblems problems) {
    if (problems.has(MIN_SCAN_LENGTH.key()) || problems.has(MAX_SCAN_LENGTH.key())) {
      return;
    }
    int min = MIN_SCAN_LENGTH.from(properties);
    int max = MAX_SCAN_LENGTH.from(properties);
    if (min > max) {
      problems.add(new ConfigurationException(MIN_SCAN_LENGTH.key(), String.valueOf(min),
          "at most maxscanlength (" + max + ")"));
    }
  }

  /** A run of YCSB's core workloads with every proportion 0 has no operation to draw. */
  private static void checkOperationMix(Map<?, ?> properties, ConfigurationProblems problems) {
    Object workload = PropertyMaps.get(properties, "workload");
    if (workload == null || !CORE_WORKLOADS.contains(workload.toString().trim())
        || problems.has(TRANSACTIONS.key()) || !TRANSACTIONS.from(properties)
        || PROPORTIONS.stream().anyMatch(p -> problems.has(p.key()))) {
      return;
    }
    double sum = PROPORTIONS.stream().mapToDouble(p -> p.from(properties)).sum();
    if (sum <= 0) {
      problems.add(new ConfigurationException(READ_PROPORTION.key(),
          String.valueOf(READ_PROPORTION.from(properties)), "proportions that add up to more"
              + " than 0", "every operation proportion is 0, so a run has nothing to do"));
    }
  }

  private static Setting<Double> proportion(String key, double defaultValue) {
    return Setting.decimal(key, defaultValue, 0, 1, "share of " + key.replace("proportion", "")
        + " operations in a run");
  }

  private static String parseCollection(String raw) {
    String v = raw.trim();
    if (v.isEmpty() || v.contains("$") || v.indexOf('\0') >= 0 || v.startsWith("system.")) {
      throw new IllegalArgumentException("a collection name: no '$' or NUL, not starting with"
          + " 'system.'");
    }
    return v;
  }

  private static String parseFieldPrefix(String raw) {
    if (raw.isEmpty() || raw.contains(".") || raw.contains("$") || raw.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a field name prefix without '.', '$' or NUL");
    }
    return raw;
  }

  private static Map<String, String> names(String... names) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String n : names) {
      m.put(n, n);
    }
    return m;
  }
}
