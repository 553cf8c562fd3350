package dev.refarch.ycsb.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The stock YCSB MongoDB binding's own properties ({@code site.ycsb.db.MongoDbClient} 0.17.0 and
 * its {@code OptionsSupport}), mapped onto this binding's settings with their stock meaning, so an
 * existing {@code -P} file runs unchanged. As in the stock binding they act like URL options: an
 * option the URL sets itself wins. Each mapping is named in a note, printed once and kept in the
 * effective settings.
 *
 * <p>Stateless apart from the {@link Mapping} it returns.
 */
final class StockKeys {

  private StockKeys() {
  }

  /** The stock {@code mongodb.writeConcern} names; {@code w} or {@code j} is what each sets. */
  enum WriteConcernName {
    ERRORS_IGNORED(0, null), UNACKNOWLEDGED(0, null), ACKNOWLEDGED(1, null),
    JOURNALED(null, true), REPLICA_ACKNOWLEDGED(2, null), MAJORITY("majority", null);

    static final Map<String, WriteConcernName> CHOICES = choices();

    private final Object w;
    private final Boolean j;

    WriteConcernName(Object w, Boolean j) {
      this.w = w;
      this.j = j;
    }

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    private static Map<String, WriteConcernName> choices() {
      Map<String, WriteConcernName> m = new LinkedHashMap<>();
      for (WriteConcernName n : values()) {
        m.put(n.label(), n);
      }
      return m;
    }
  }

  /**
   * What one stock key became.
   *
   * @param given {@code key=value} as given
   * @param becomes this binding's setting, without spaces, e.g. {@code j:true}, or
   *     {@code nothing}
   * @param why a reason when it is not the plain stock meaning; empty otherwise
   */
  record Note(String given, String becomes, String why) {
    /** For the effective-settings line: {@code key=value->becomes}, no spaces. */
    String compact() {
      return given + "->" + becomes;
    }

    @Override
    public String toString() {
      return given + " -> " + becomes + (why.isEmpty() ? "" : " (" + why + ")");
    }
  }

  /**
   * What the stock keys amount to.
   *
   * @param writeConcern the URL's write concern with the stock key's part added, if any
   * @param maxConnections the stock pool size, when the URL names none
   * @param notes one per stock key given, saying what it became
   */
  record Mapping(WriteConcern writeConcern, Optional<Integer> maxConnections, List<Note> notes) {
    Mapping {
      notes = List.copyOf(notes);
    }

    /** {@code none}, or each note's compact form separated by commas. */
    String compact() {
      return notes.isEmpty() ? "none"
          : String.join(",", notes.stream().map(Note::compact).toList());
    }
  }

  /**
   * Maps the stock keys given onto the URL's settings.
   *
   * @param url the parsed connection string
   * @param writeConcern the stock {@code mongodb.writeConcern}, if given
   * @param readPreferenceRaw the {@code mongodb.readPreference} value as written, if given
   * @param maxConnections the stock {@code mongodb.maxconnections}, if given
   * @param blockMultiplier the stock wait-queue multiplier, if given
   * @param threads YCSB's thread count, a lower bound of the pool
   */
  static Mapping map(ConnectionString url, Optional<WriteConcernName> writeConcern,
      Optional<String> readPreferenceRaw, Optional<Integer> maxConnections,
      Optional<Integer> blockMultiplier, int threads) {
    List<Note> notes = new ArrayList<>();
    WriteConcern base = url.getWriteConcern();
    if (writeConcern.isPresent()) {
      base = applyWriteConcern(base, writeConcern.get(), notes);
    }
    readPreferenceRaw.map(String::trim).filter(raw -> raw.contains("_")).ifPresent(raw -> notes.add(
        new Note(MongoProperties.READ_PREFERENCE.key() + "=" + raw, "readPreference:"
            + MongoProperties.READ_PREFERENCE.parse(raw).getName(), "")));
    Optional<Integer> pool = Optional.empty();
    if (maxConnections.isPresent()) {
      String given = MongoProperties.MAX_CONNECTIONS.key() + "=" + maxConnections.get();
      if (url.getMaxConnectionPoolSize() != null) {
        notes.add(new Note(given, "nothing", "the URL's maxPoolSize="
            + url.getMaxConnectionPoolSize() + " wins, as in the stock binding"));
      } else {
        pool = maxConnections;
        notes.add(new Note(given, "maxPoolSize:" + Math.max(threads, maxConnections.get()),
            threads > maxConnections.get() ? "raised to threadcount: a connection per thread"
                : ""));
      }
    }
    blockMultiplier.ifPresent(m -> notes.add(new Note(MongoProperties.THREADS_ALLOWED_TO_BLOCK.key()
        + "=" + m, "nothing", "the driver has no wait-queue limit")));
    return new Mapping(base, pool, notes);
  }

  /** Adds the name's {@code w} or {@code j} where the URL sets none, as the stock binding does. */
  private static WriteConcern applyWriteConcern(WriteConcern fromUrl, WriteConcernName name,
      List<Note> notes) {
    String given = MongoProperties.STOCK_WRITE_CONCERN.key() + "=" + name.label();
    WriteConcern wc = fromUrl == null ? WriteConcern.ACKNOWLEDGED : fromUrl;
    if (name.w != null) {
      if (wc.getWObject() != null) {
        notes.add(new Note(given, "nothing", "the URL's w=" + wc.getWObject() + " wins, as in"
            + " the stock binding"));
        return fromUrl;
      }
      notes.add(new Note(given, "w:" + name.w, ""));
      return name.w instanceof Integer n ? wc.withW(n) : wc.withW((String) name.w);
    }
    if (wc.getJournal() != null) {
      notes.add(new Note(given, "nothing", "the URL's journal=" + wc.getJournal() + " wins, as in"
          + " the stock binding"));
      return fromUrl;
    }
    notes.add(new Note(given, "j:true", ""));
    return wc.withJournal(name.j);
  }

  /** Whether the URL names a read preference that differs from {@code given}. */
  static boolean conflicts(ConnectionString url, ReadPreference given) {
    return url.getReadPreference() != null && !url.getReadPreference().equals(given);
  }
}
