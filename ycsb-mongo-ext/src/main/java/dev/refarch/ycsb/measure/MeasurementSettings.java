package dev.refarch.ycsb.measure;

import static dev.refarch.ycsb.measure.MeasurementProperties.*;

import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.ycsb.config.YcsbProperties;
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
    ConfigurationProblems problems = new ConfigurationProblems();
    MeasurementSettings settings = parse(properties, defaultDir, problems);
    problems.throwIfAny();
    return settings;
  }

  /**
   * As {@link #fromProperties}, recording every problem (an empty value included) in
   * {@code problems}; the result then holds defaults in place of the refused values.
   */
  public static MeasurementSettings parse(Map<?, ?> properties, Path defaultDir,
      ConfigurationProblems problems) {
    problems.addAll(GROUP.unknownKeys(properties));
    GROUP.settings().forEach(s -> problems.find(s, properties));
    String dir = problems.from(DIR, properties);
    return new MeasurementSettings(dir == null ? defaultDir : Path.of(dir),
        problems.from(HISTOGRAM_INTERVAL, properties), problems.from(TIMELINE_RESOLUTION, properties),
        problems.from(WARMUP, properties), problems.from(YcsbProperties.TARGET, properties),
        !problems.from(YCSB_INTERVAL, properties).equals("op"));
  }

  /** Whether response times are recorded: a target is set and YCSB tracks due times. */
  public boolean recordsResponseTime() {
    return targetOpsPerSecond > 0 && intendedTracked;
  }
}
