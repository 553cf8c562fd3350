package dev.refarch.ycsb.mongo;

import com.mongodb.ReadPreference;
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
