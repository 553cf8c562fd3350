package dev.refarch.ycsb.workloads;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.List;

/**
 * Declares every {@code refarch.*} property of {@link RefarchWorkload} once: key, default, allowed
 * values, description. The README's property table is generated from {@link #GROUP} (see
 * {@code PropertyTableTest}).
 */
public final class WorkloadProperties {

  public static final Setting<DataPreset> PRESET = Setting.ofEnum("refarch.data.preset", null,
      DataPreset.class, "record shape of a seed study: `ycsb-default` 10 × 100 B, `netapp-2kb`"
          + " 10 × 188 B (2 KB documents), `diamanti-50x250` 50 × 250 B; sets fieldcount and"
          + " fieldlength (which may repeat the same values); unset keeps YCSB's keys");

  public static final Setting<Double> COMPRESSIBILITY = Setting.decimal(
      "refarch.data.compressibility", 1.0, 1.0, 100.0, "field values compress about N:1: each"
          + " value is 1/N fresh random bytes, repeated to its length; 1 = incompressible");

  public static final Setting<ValueType> VALUE_TYPE = Setting.ofEnum("refarch.data.valueType",
      ValueType.BINARY, ValueType.class, "field values as BSON `binary` (random bytes) or"
          + " `string` (printable text, 6 bits per character)");

  public static final Setting<Double> ACTIVE_FRACTION = Setting.custom("refarch.active.fraction",
      "number", null, "a number above 0 and at most 1", "active dataset: requests go to this leading fraction of the loaded keys"
          + " (ordinals from insertstart), uniform or zipfian within it (requestdistribution);"
          + " unset = all keys", WorkloadProperties::parseFraction);

  public static final Setting<Long> ACTIVE_RECORDS = Setting.longInteger("refarch.active.records",
      null, 1, Long.MAX_VALUE, "active dataset as a record count instead of a fraction (the"
          + " NetApp study's 600M of 1.2B); not with refarch.active.fraction");

  public static final Setting<InsertKeys> INSERT_KEYS = Setting.ofEnum("refarch.insertKeys",
      InsertKeys.RESERVE, InsertKeys.class, "run-phase insert keys: `reserve` a block of ordinals"
          + " per run in MongoDB (collection refarch_insert_keys), so workloads D and E re-run on"
          + " the same data; `after-load` = YCSB's recordcount, recordcount+1, ...");

  public static final Setting<Long> EXPECTED_NEW_KEYS = Setting.longInteger(
      "refarch.expectedNewKeys", null, 0, Long.MAX_VALUE, "zipfian key choice with inserts: the"
          + " new keys its popularity spreads over besides the loaded ones; unset ="
          + " operationcount × insertproportion × 2, as YCSB. A draw of a key not yet inserted is"
          + " drawn again, so a count far above the inserts a run makes costs draws: runs until"
          + " steady, which have no operation count, set it to recordcount");

  public static final Setting<Long> SEED = Setting.longInteger("refarch.seed", null,
      Long.MIN_VALUE, Long.MAX_VALUE, "seed of key choice, scan lengths and values (each thread"
          + " seeds from it and its thread id); unset = random; YCSB's operation mix stays random");

  public static final SettingGroup GROUP = SettingGroup.of("refarch.", List.of(PRESET,
      COMPRESSIBILITY, VALUE_TYPE, ACTIVE_FRACTION, ACTIVE_RECORDS, INSERT_KEYS,
      EXPECTED_NEW_KEYS, SEED));

  /** YCSB's scan length distribution, with {@code constant} added by {@link RefarchWorkload}. */
  public static final Setting<String> SCAN_LENGTH_DISTRIBUTION = Setting.choice(
      "scanlengthdistribution", "uniform", choices("uniform", "zipfian", "constant"),
      "YCSB's scan length distribution; constant = always maxscanlength");

  /** YCSB's request distribution. */
  public static final Setting<String> REQUEST_DISTRIBUTION = Setting.choice("requestdistribution",
      "uniform", choices("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"),
      "YCSB's request distribution");

  private WorkloadProperties() {
  }

  private static Double parseFraction(String raw) {
    try {
      double v = Double.parseDouble(raw.trim());
      if (v > 0 && v <= 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // rejected below with what is allowed
    }
    throw new IllegalArgumentException("a number above 0 and at most 1");
  }

  private static java.util.Map<String, String> choices(String... names) {
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
    for (String n : names) {
      m.put(n, n);
    }
    return m;
  }
}
