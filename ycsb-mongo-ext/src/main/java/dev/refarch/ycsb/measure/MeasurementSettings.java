package dev.refarch.ycsb.measure;

import static dev.refarch.ycsb.measure.MeasurementProperties.*;

import dev.refarch.platform.spi.config.Setting;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The measurement settings of one client JVM, validated when parsed.
 *
 * @param dir where this client's outputs go
 * @param histogramIntervalMs milliseconds per HDR interval histogram, 100 or more
 * @param timelineResolutionMs milliseconds per timeline bucket, 100 or more
 * @param warmup what is left out of summaries
 * @param targetOpsPerSecond YCSB's {@code target}, 0 when unthrottled
 * @param intendedTracked whether YCSB tracks each operation's due time ({@code measurement.interval}
 *     is {@code intended} or {@code both}), which response times need
 */
public record MeasurementSettings(Path dir, int histogramIntervalMs, int timelineResolutionMs,
    Warmup warmup, double targetOpsPerSecond, boolean intendedTracked) {

  private static final Setting<Double> TARGET = Setting.decimal("target", 0.0, 0, Double.MAX_VALUE,
      "YCSB's target operations per second");

  public MeasurementSettings {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(warmup, "warmup");
  }

  /**
   * Parses the {@code measurement.*} properties and YCSB's {@code target}.
   *
   * @param defaultDir used when {@code measurement.dir} is unset
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad or unknown key
   */
  public static MeasurementSettings fromProperties(Map<?, ?> properties, Path defaultDir) {
    GROUP.validate(properties);
    String dir = DIR.from(properties);
    return new MeasurementSettings(dir == null ? defaultDir : Path.of(dir),
        HISTOGRAM_INTERVAL.from(properties), TIMELINE_RESOLUTION.from(properties),
        WARMUP.from(properties), TARGET.from(properties),
        !YCSB_INTERVAL.from(properties).equals("op"));
  }

  /** Whether response times are recorded: a target is set and YCSB tracks due times. */
  public boolean recordsResponseTime() {
    return targetOpsPerSecond > 0 && intendedTracked;
  }
}
