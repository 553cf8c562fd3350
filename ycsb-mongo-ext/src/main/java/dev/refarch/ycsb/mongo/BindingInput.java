package dev.refarch.ycsb.mongo;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.platform.spi.config.PropertyMaps;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.ycsb.config.YcsbProperties;
import dev.refarch.ycsb.hooks.ThreadHookSession;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.measure.MeasurementSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the binding's {@code init()} checks before it connects or writes: the
 * {@code mongodb.*} and {@code measurement.*} keys, the named platform hooks and their settings,
 * YCSB's own keys the binding depends on ({@link YcsbProperties}), and that the audit and
 * measurement folders can be written. Every problem of the input is reported at once, in one
 * {@link ConfigurationException} with a line per problem.
 *
 * <p>Launchers call {@link #check(Map)} before starting YCSB, so that bad input fails even where
 * YCSB would never call {@code init()} ({@code -threads 0}, {@code recordcount=-1}).
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * BindingInput.Parsed input = BindingInput.check(properties);   // throws naming every problem
 * MongoSettings mongo = input.mongo();
 * }</pre>
 */
public final class BindingInput {

  /**
   * The binding's parsed settings.
   *
   * @param mongo the {@code mongodb.*} settings
   * @param measurement the {@code measurement.*} settings
   * @param measured whether {@code measurement.dir} is set (this library's measurements on)
   */
  public record Parsed(MongoSettings mongo, MeasurementSettings measurement, boolean measured) {
  }

  private BindingInput() {
  }

  /**
   * Checks the whole input.
   *
   * @throws ConfigurationException naming every problem
   */
  public static Parsed check(Map<?, ?> properties) {
    ConfigurationProblems problems = new ConfigurationProblems();
    Optional<Parsed> parsed = check(properties, problems);
    problems.throwIfAny();
    return parsed.orElseThrow();
  }

  /** As {@link #check(Map)}, recording every problem in {@code problems}; empty when any. */
  public static Optional<Parsed> check(Map<?, ?> given, ConfigurationProblems problems) {
    int before = problems.reports();
    Map<String, String> properties = PropertyMaps.flatten(given);
    YcsbProperties.check(properties, problems);
    Optional<MongoSettings> mongo = MongoSettings.parse(properties, problems);
    MeasurementSettings measurement = MeasurementSettings.parse(properties, MeasuredDb.DEFAULT_DIR,
        problems);
    boolean measured = properties.containsKey(MeasurementProperties.DIR.key());
    ThreadHookSession.check(properties, mongo.filter(m -> m.sharding().isActive())
        .map(m -> List.of(MongoDbClient.SHARDING_HOOK)).orElse(List.of()), problems);
    mongo.flatMap(MongoSettings::auditDir)
        .ifPresent(dir -> requireWritable(MongoProperties.AUDIT_DIR, dir, problems));
    if (measured && !problems.has(MeasurementProperties.DIR.key())) {
      requireWritable(MeasurementProperties.DIR, measurement.dir(), problems);
    }
    if (problems.reports() > before) {
      return Optional.empty();
    }
    return Optional.of(new Parsed(mongo.get(), measurement, measured));
  }

  /** Creates the folder if needed and a file in it, which is removed again. */
  private static void requireWritable(Setting<?> key, Path dir, ConfigurationProblems problems) {
    try {
      Files.createDirectories(dir);
      Files.delete(Files.createTempFile(dir, ".write-check-", ".tmp"));
    } catch (IOException | InvalidPathException | SecurityException e) {
      problems.add(new ConfigurationException(key.key(), dir.toString(),
          "a folder this process can create and write", "cannot write there: "
              + e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
  }
}
