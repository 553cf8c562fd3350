package dev.refarch.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Results folders captured from real trials against a local {@code mongod} (the runner's
 * {@code trial.json}, {@code run.hlog}, {@code timeline.csv}, {@code events.csv}; clients' raw
 * outputs left out), with hand-written {@code plan.json}s in the lead's layout:
 *
 * <ul>
 *   <li>{@code results/A1-client-threads}: workload a/b × threadcount 1/2/4; two repetitions of
 *       each workload-a point; {@code b/4} r1 failed for real (phase timeout), r2 never ran;
 *       the paper's Table 5 and Figure 4/5 figures as references;
 *   <li>{@code results-durable/A1-client-threads}: the same with {@code mongodb.durability=durable},
 *       fewer points, for comparisons;
 *   <li>{@code results/A12-failures}: kill of a three-member replica set's primary (restart 5 s
 *       later) and a 3 s pause of a single member, 100 ms timeline buckets;
 *   <li>{@code results/B2-balanced-durability}: target throughput 500…4000 ops/s per workload
 *       with an SLO of UPDATE p99 ≤ 40 ms.
 * </ul>
 */
final class Fixtures {

  static final String A1 = "results/A1-client-threads";
  static final String A1_DURABLE = "results-durable/A1-client-threads";
  static final String A12 = "results/A12-failures";
  static final String B2 = "results/B2-balanced-durability";

  private Fixtures() {
  }

  /** The fixture folder {@code name}, copied under {@code into} keeping its relative path. */
  static Path copy(String name, Path into) {
    Path source = root().resolve(name);
    Path target = into.resolve(name);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path to = target.resolve(source.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  /** The fixtures on the test class path. */
  static Path root() {
    try {
      return Path.of(Fixtures.class.getResource("/report").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
