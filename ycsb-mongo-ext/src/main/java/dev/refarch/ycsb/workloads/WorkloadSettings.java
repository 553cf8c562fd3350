package dev.refarch.ycsb.workloads;

import static dev.refarch.ycsb.workloads.WorkloadProperties.*;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.platform.spi.config.PropertyMaps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * {@link RefarchWorkload}'s settings: every {@code refarch.*} property, parsed, validated and
 * checked against the YCSB keys it interacts with, before anything connects or writes.
 *
 * <p>Immutable. YCSB properties and the fluent {@link Builder} produce the same record:
 *
 * <pre>{@code
 * WorkloadSettings s = WorkloadSettings.builder().preset(DataPreset.DIAMANTI_50X250)
 *     .activeFraction(0.5).build();
 * }</pre>
 *
 * @param preset the record shape, if named
 * @param compressibility how well field values compress, N:1, at least 1
 * @param valueType binary or string values
 * @param activeFraction active dataset as a fraction of the loaded keys, if set
 * @param activeRecords active dataset as a record count, if set
 * @param insertKeys where run-phase inserts get their keys
 * @param seed the seed of each thread's random generator, if set
 * @param scanLengthDistribution {@code uniform}, {@code zipfian} or {@code constant}
 * @param requestDistribution YCSB's request distribution
 */
public record WorkloadSettings(Optional<DataPreset> preset, double compressibility,
    ValueType valueType, Optional<Double> activeFraction, Optional<Long> activeRecords,
    InsertKeys insertKeys, Optional<Long> seed, String scanLengthDistribution,
    String requestDistribution) {

  public WorkloadSettings {
    Objects.requireNonNull(preset, "preset");
    Objects.requireNonNull(valueType, "valueType");
    Objects.requireNonNull(activeFraction, "activeFraction");
    Objects.requireNonNull(activeRecords, "activeRecords");
    Objects.requireNonNull(insertKeys, "insertKeys");
    Objects.requireNonNull(seed, "seed");
    if (activeFraction.isPresent() && activeRecords.isPresent()) {
      throw new ConfigurationException(ACTIVE_RECORDS.key(), String.valueOf(activeRecords.get()),
          "unset while refarch.active.fraction is set", "name the active dataset one way");
    }
    if (hasActiveSet(activeFraction, activeRecords)
        && !requestDistribution.equals("uniform") && !requestDistribution.equals("zipfian")) {
      throw new ConfigurationException(REQUEST_DISTRIBUTION.key(), requestDistribution,
          "uniform, zipfian (with an active dataset)", "an active dataset is chosen from"
              + " uniformly or zipfian");
    }
  }

  private static boolean hasActiveSet(Optional<Double> fraction, Optional<Long> records) {
    return fraction.isPresent() || records.isPresent();
  }

  /**
   * Parses and validates every {@code refarch.*} property and the YCSB keys they depend on.
   *
   * @throws ConfigurationException for the first bad key, value or combination
   */
  public static WorkloadSettings fromProperties(Map<?, ?> properties) {
    GROUP.rejectUnknown(properties);
    Optional<DataPreset> preset = PRESET.find(properties);
    preset.ifPresent(p -> {
      requireSame(properties, "fieldcount", p.fieldCount(), p);
      requireSame(properties, "fieldlength", p.fieldLength(), p);
    });
    if (Boolean.parseBoolean(String.valueOf(PropertyMaps.get(properties, "dataintegrity")))) {
      throw new ConfigurationException("dataintegrity", "true", "false with RefarchWorkload",
          "its values are random by design; use site.ycsb.workloads.CoreWorkload to verify data");
    }
    return new WorkloadSettings(preset, COMPRESSIBILITY.from(properties),
        VALUE_TYPE.from(properties), ACTIVE_FRACTION.find(properties),
        ACTIVE_RECORDS.find(properties), INSERT_KEYS.from(properties), SEED.find(properties),
        SCAN_LENGTH_DISTRIBUTION.from(properties), REQUEST_DISTRIBUTION.from(properties));
  }

  /**
   * As {@link #fromProperties}, recording every problem in {@code problems} (an empty value
   * included) instead of throwing; empty when there was one.
   */
  public static Optional<WorkloadSettings> parse(Map<?, ?> properties,
      ConfigurationProblems problems) {
    int before = problems.reports();
    problems.addAll(GROUP.unknownKeys(properties));
    GROUP.settings().forEach(s -> problems.find(s, properties));
    if (problems.reports() > before) {
      return Optional.empty();
    }
    return problems.get(() -> fromProperties(properties));
  }

  private static void requireSame(Map<?, ?> properties, String key, int presetValue,
      DataPreset preset) {
    Object given = PropertyMaps.get(properties, key);
    if (given != null && !given.toString().isBlank() && !given.toString().trim().equals(
        String.valueOf(presetValue))) {
      throw new ConfigurationException(key, given.toString(), presetValue + " (refarch.data.preset="
          + preset.label() + " sets it)", "remove " + key + " or the preset");
    }
  }

  /** Whether requests are restricted to an active dataset. */
  public boolean hasActiveSet() {
    return hasActiveSet(activeFraction, activeRecords);
  }

  /**
   * Records in the active dataset, out of {@code keys} loaded keys.
   *
   * @throws ConfigurationException when {@code refarch.active.records} exceeds the loaded keys
   */
  public long activeCount(long keys) {
    if (activeRecords.isPresent()) {
      if (activeRecords.get() > keys) {
        throw new ConfigurationException(ACTIVE_RECORDS.key(), String.valueOf(activeRecords.get()),
            "at most the " + keys + " loaded keys (recordcount, or insertcount from insertstart)");
      }
      return activeRecords.get();
    }
    return activeFraction.map(f -> Math.max(1, (long) Math.ceil(f * keys))).orElse(keys);
  }

  /**
   * The properties YCSB's {@code CoreWorkload} should see: the preset's {@code fieldcount},
   * {@code fieldlength} and constant field lengths, and a scan length distribution it knows
   * ({@code constant} is drawn by {@link RefarchWorkload} itself).
   */
  public Properties coreProperties(Properties given) {
    Properties core = new Properties();
    core.putAll(given);
    preset.ifPresent(p -> {
      core.setProperty("fieldcount", String.valueOf(p.fieldCount()));
      core.setProperty("fieldlength", String.valueOf(p.fieldLength()));
      core.setProperty("fieldlengthdistribution", "constant");
    });
    if (scanLengthDistribution.equals("constant")) {
      core.setProperty(SCAN_LENGTH_DISTRIBUTION.key(), "uniform");
    }
    return core;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Fluent front end that writes properties and parses them, so validation is the same. */
  public static final class Builder {
    private final Map<String, String> properties = new LinkedHashMap<>();

    private Builder() {
    }

    public Builder preset(DataPreset preset) {
      return set(PRESET.key(), preset.label());
    }

    public Builder compressibility(double ratio) {
      return set(COMPRESSIBILITY.key(), String.valueOf(ratio));
    }

    public Builder valueType(ValueType type) {
      return set(VALUE_TYPE.key(), type.label());
    }

    public Builder activeFraction(double fraction) {
      return set(ACTIVE_FRACTION.key(), String.valueOf(fraction));
    }

    public Builder activeRecords(long records) {
      return set(ACTIVE_RECORDS.key(), String.valueOf(records));
    }

    public Builder insertKeys(InsertKeys keys) {
      return set(INSERT_KEYS.key(), keys.label());
    }

    public Builder seed(long seed) {
      return set(SEED.key(), String.valueOf(seed));
    }

    /** Any other property, e.g. a YCSB key. */
    public Builder set(String key, String value) {
      properties.put(key, value);
      return this;
    }

    public WorkloadSettings build() {
      return fromProperties(properties);
    }
  }
}
