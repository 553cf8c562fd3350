package dev.refarch.ycsb.measure;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.List;
import java.util.Map;

/**
 * Declares every {@code measurement.*} property: ours, and YCSB's own keys under the same prefix
 * (which YCSB reads; they are declared so that a typo in any of them is caught).
 */
public final class MeasurementProperties {

  public static final Setting<String> DIR = Setting.string("measurement.dir", null,
      "folder for the HDR log, timeline and summary of this client; measurement is off for"
          + " MongoDbClient when unset, and `ycsb-measurements` for MeasuredDb");

  public static final Setting<Integer> HISTOGRAM_INTERVAL = Setting.integer(
      "measurement.histogramInterval", 1000, 100, 3_600_000,
      "milliseconds per interval histogram in the HDR log");

  public static final Setting<Integer> TIMELINE_RESOLUTION = Setting.integer(
      "measurement.timelineResolution", 1000, 100, 60_000,
      "milliseconds per timeline bucket");

  public static final Setting<Warmup> WARMUP = Setting.custom("measurement.warmup", "warm-up",
      Warmup.none(), Warmup.ALLOWED, "warm-up left out of summaries (kept in the timeline);"
          + " with +jit it lasts until this JVM's JIT compiler has settled, as the summary's"
          + " notes say",
      Warmup::parse);

  public static final Setting<String> DELEGATE = Setting.string("measurement.delegate", null,
      "for MeasuredDb: the class of the binding to measure, e.g. site.ycsb.BasicDB");

  public static final Setting<Boolean> AUDIT = Setting.bool("measurement.audit", false,
      "in a trial: each client logs the inserts the server acknowledged and the updates it sent"
          + " (mongodb.audit.dir in its own folder) and the runner reads every logged record back"
          + " from the primary after the last phase; acknowledged and lost inserts and updates go"
          + " into trial.json. Needs the MongoDbClient binding and a cluster the runner reaches");

  /** YCSB's own: {@code intended} or {@code both} make YCSB track each operation's due time. */
  public static final Setting<String> YCSB_INTERVAL = Setting.choice("measurement.interval", "op",
      orderedChoices("op", "intended", "both"),
      "YCSB's own; `intended` or `both` is needed for response times (see below)");

  public static final SettingGroup GROUP = SettingGroup.of("measurement.", List.of(DIR,
      HISTOGRAM_INTERVAL, TIMELINE_RESOLUTION, WARMUP, DELEGATE, AUDIT, YCSB_INTERVAL,
      Setting.string("measurement.trackjvm", "false", "YCSB's own"),
      Setting.string("measurement.raw.output_file", null, "YCSB's own"),
      Setting.string("measurement.raw.no_summary", "false", "YCSB's own"),
      Setting.string("measurement.histogram.verbose", "false", "YCSB's own")));

  private MeasurementProperties() {
  }

  private static Map<String, String> orderedChoices(String... names) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (String n : names) {
      m.put(n, n);
    }
    return m;
  }
}
