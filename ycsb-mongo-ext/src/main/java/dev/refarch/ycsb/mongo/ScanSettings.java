package dev.refarch.ycsb.mongo;

import static dev.refarch.ycsb.config.YcsbProperties.FIELD_NAME_PREFIX;
import static dev.refarch.ycsb.config.YcsbProperties.INSERT_ORDER;
import static dev.refarch.ycsb.mongo.MongoProperties.*;

import com.mongodb.ReadPreference;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How the binding scans ({@code mongodb.scan.*}), parsed and cross-checked with the rest of
 * {@link MongoSettings}.
 *
 * <p>Immutable.
 *
 * @param mode how start key and length become a query
 * @param batchSize documents per cursor batch; empty uses the scan length (one round trip), 0
 *     leaves the server default
 * @param hint the index the scan must use, if any
 * @param projection which fields are returned
 * @param readPreference read preference for scans only; empty uses the binding's
 * @param indexField the numeric field with a secondary index, if any (needed by {@link ScanMode#INDEX})
 */
public record ScanSettings(ScanMode mode, Optional<Integer> batchSize, Optional<ScanHint> hint,
    ScanProjection projection, Optional<ReadPreference> readPreference,
    Optional<String> indexField) {

  public ScanSettings {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(projection, "projection");
    Objects.requireNonNull(batchSize, "batchSize");
    Objects.requireNonNull(hint, "hint");
    Objects.requireNonNull(readPreference, "readPreference");
    Objects.requireNonNull(indexField, "indexField");
  }

  /**
   * The {@code mongodb.scan.*} keys, checked against each other and YCSB's key layout; every
   * problem goes to {@code problems}, and the result is empty when there was one.
   */
  static Optional<ScanSettings> parse(Map<?, ?> properties, ConfigurationProblems problems) {
    int before = problems.reports();
    ScanMode mode = problems.from(SCAN_MODE, properties);
    Optional<String> indexField = problems.find(SCAN_INDEX_FIELD, properties);
    if (mode == ScanMode.INDEX && indexField.isEmpty() && !problems.has(SCAN_INDEX_FIELD.key())) {
      problems.add(new ConfigurationException(SCAN_INDEX_FIELD.key(), null,
          SCAN_INDEX_FIELD.allowed(), "mongodb.scan.mode=index scans over this field; set e.g. "
              + SCAN_INDEX_FIELD.key() + "=ordinal, and load with it set"));
    }
    if (mode == ScanMode.RANGE && !"ordered".equals(problems.from(INSERT_ORDER, properties))) {
      problems.add(new ConfigurationException(SCAN_MODE.key(), "range", "id or index while"
          + " insertorder is hashed", "range scans need keys inserted in order: set"
          + " insertorder=ordered and a zeropadding wide enough for every key, load, then run"));
    }
    String prefix = problems.from(FIELD_NAME_PREFIX, properties);
    if (indexField.isPresent() && indexField.get().matches(java.util.regex.Pattern.quote(prefix)
        + "[0-9]+")) {
      problems.add(new ConfigurationException(SCAN_INDEX_FIELD.key(), indexField.get(),
          "a name that is not a YCSB field (" + prefix + "0, " + prefix + "1, ...)",
          "YCSB would overwrite it with its own values; e.g. ordinal"));
    }
    Optional<Integer> batchSize = problems.find(SCAN_BATCH_SIZE, properties);
    Optional<ScanHint> hint = problems.find(SCAN_HINT, properties);
    ScanProjection projection = problems.from(SCAN_PROJECTION, properties);
    Optional<ReadPreference> readPreference = problems.find(SCAN_READ_PREFERENCE, properties);
    if (problems.reports() > before) {
      return Optional.empty();
    }
    return Optional.of(new ScanSettings(mode, batchSize, hint, projection, readPreference,
        indexField));
  }

  /** YCSB's own scan shape: {@code id} mode, batch of the scan length, no hint, requested fields. */
  public static ScanSettings defaults() {
    return new ScanSettings(ScanMode.ID, Optional.empty(), Optional.empty(),
        ScanProjection.REQUESTED, Optional.empty(), Optional.empty());
  }

  /** One line for the effective settings, e.g. {@code mode:id,batchSize:scan-length,hint:none}. */
  String describe(String bindingReadPreference) {
    return "mode:" + mode.label()
        + ",batchSize:" + batchSize.map(b -> b == 0 ? "server-default" : String.valueOf(b))
            .orElse("scan-length")
        + ",hint:" + hint.map(ScanHint::toString).orElse("none")
        + ",projection:" + projection.label()
        + ",readPreference:" + readPreference.map(ReadPreference::getName).orElse(bindingReadPreference)
        + indexField.map(f -> ",indexField:" + f).orElse("");
  }
}
