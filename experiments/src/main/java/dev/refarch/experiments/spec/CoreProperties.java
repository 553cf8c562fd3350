package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The YCSB core keys a trial depends on — the runner splits {@code recordcount} and
 * {@code operationcount} over its clients, and YCSB itself runs {@code recordcount=-1} or
 * {@code fieldlength=0} as silent no-ops — declared once so that a spec, a {@code --set} and a
 * dry run refuse bad values with what is allowed. YCSB's other keys pass unchecked.
 *
 * <p>Stateless and thread-safe.
 */
public final class CoreProperties {

  /** MongoDB's largest document, 16 MiB, less room for the key and field names. */
  static final long MAX_RECORD_BYTES = 16L * 1024 * 1024 - 64 * 1024;

  private static final int INT_MAX = Integer.MAX_VALUE;

  static final Setting<Long> RECORD_COUNT = Setting.longInteger("recordcount", 1000L, 1, INT_MAX,
      "records the load inserts and the run draws keys from");
  static final Setting<Long> OPERATION_COUNT = Setting.longInteger("operationcount", 1000L, 0,
      INT_MAX, "operations of the run; 0 with a run until steady or a maxexecutiontime");
  static final Setting<Integer> FIELD_COUNT = Setting.integer("fieldcount", 10, 1, 10_000,
      "fields per record");
  static final Setting<Long> FIELD_LENGTH = Setting.longInteger("fieldlength", 100L, 1,
      MAX_RECORD_BYTES, "bytes per field");

  private static final List<Setting<?>> SETTINGS = List.of(RECORD_COUNT, OPERATION_COUNT,
      FIELD_COUNT, FIELD_LENGTH,
      Setting.longInteger("insertstart", 0L, 0, Long.MAX_VALUE, "first key of the load"),
      Setting.integer("threadcount", 1, 1, 10_000, "YCSB threads of a client"),
      Setting.integer("maxexecutiontime", 0, 0, 31 * 24 * 3600, "seconds; 0 is no limit"),
      Setting.decimal("target", 0.0, 0, 1e9, "operations per second; 0 is unthrottled"),
      Setting.integer("minscanlength", 1, 1, INT_MAX, "shortest scan"),
      Setting.integer("maxscanlength", 1000, 1, INT_MAX, "longest scan"),
      Setting.integer("zeropadding", 1, 1, 64, "digits of a key's number"),
      Setting.bool("readallfields", true, "read every field"),
      Setting.bool("writeallfields", false, "update every field"),
      Setting.bool("dataintegrity", false, "check values read"),
      choice("insertorder", "hashed", "ordered"),
      choice("requestdistribution", "uniform", "zipfian", "latest", "hotspot", "sequential",
          "exponential"),
      choice("fieldlengthdistribution", "constant", "uniform", "zipfian", "histogram"),
      choice("scanlengthdistribution", "uniform", "zipfian", "constant"),
      proportion("readproportion"), proportion("updateproportion"),
      proportion("insertproportion"), proportion("scanproportion"),
      proportion("readmodifywriteproportion"));

  private static final Map<String, Setting<?>> BY_KEY = byKey();

  private CoreProperties() {
  }

  /** Whether {@code key} is one of the keys checked here. */
  public static boolean declares(String key) {
    return BY_KEY.containsKey(key);
  }

  /** What {@code key} allows; "a value" for keys not declared here. */
  static String allowed(String key) {
    Setting<?> s = BY_KEY.get(key);
    return s == null ? "a value" : s.allowed();
  }

  /**
   * Checks one value; keys not declared here pass.
   *
   * @throws ConfigurationException naming the key, the value and what is allowed
   */
  public static void validate(String key, String value) {
    Setting<?> s = BY_KEY.get(key);
    if (s == null) {
      return;
    }
    if (value == null || value.isBlank()) {
      throw new ConfigurationException(key, value == null ? null : value, s.allowed(),
          "an empty value would leave YCSB's default in force silently");
    }
    s.parse(value);
  }

  /**
   * Checks every declared key of a trial's properties, and the record size they make together.
   *
   * @throws ConfigurationException for the first bad value
   */
  public static void validate(Map<String, String> properties) {
    properties.forEach(CoreProperties::validate);
    long bytes = (long) FIELD_COUNT.from(properties) * FIELD_LENGTH.from(properties);
    if (bytes > MAX_RECORD_BYTES) {
      throw new ConfigurationException("fieldlength", String.valueOf(FIELD_LENGTH.from(properties)),
          "at most " + MAX_RECORD_BYTES / FIELD_COUNT.from(properties) + " with fieldcount="
              + FIELD_COUNT.from(properties), "a record must fit MongoDB's 16 MiB document limit");
    }
  }

  private static Setting<String> choice(String key, String... names) {
    Map<String, String> choices = new LinkedHashMap<>();
    for (String n : names) {
      choices.put(n, n);
    }
    return Setting.choice(key, names[0], choices, "YCSB's " + key);
  }

  private static Setting<Double> proportion(String key) {
    return Setting.decimal(key, null, 0, 1, "share of operations");
  }

  private static Map<String, Setting<?>> byKey() {
    Map<String, Setting<?>> m = new LinkedHashMap<>();
    SETTINGS.forEach(s -> m.put(s.key(), s));
    return m;
  }
}
