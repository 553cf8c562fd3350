package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 *       with an SLO of UPDATE p99 ≤ 40 ms;
 *   <li>{@code slo-results/slo}: what {@code SloTrial} writes in a user's {@code mvn verify}
 *       (workload a, then b, 2000 operations at 200 ops/s, 4 threads, against a standalone
 *       {@code mongod}), no plan.json; clients' outputs and the load phase's logs left out.
 * </ul>
 *
 * <p>These trial.json files predate platform-side durations; {@link #withPlatformDurations} makes
 * a copy of A12 that has one, edited by hand, not captured.
 *
 * <p>They predate telemetry too. A12's kill-primary trial ({@link #A12_KILL}) has a
 * {@code telemetry.csv} captured from a later laptop run of A12 (rs=3, kill primary) and moved to
 * this trial's clock at the kill: its rows from 1.5 s before to 11 s after it; that run's old
 * primary came back 8 s after the kill, this trial's restart came 10.8 s after. Its
 * {@code trial.json}'s {@code telemetry} section (sources and gaps) is that run's, added by hand.
 */
public final class Fixtures {

  /** Workload a/b × threadcount 1/2/4, with a failed and a missing trial. */
  public static final String A1 = "results/A1-client-threads";
  /** {@link #A1} with {@code mongodb.durability=durable}, fewer points: for comparisons. */
  public static final String A1_DURABLE = "results-durable/A1-client-threads";
  /** A kill of a three-member replica set's primary, a pause of a single member. */
  public static final String A12 = "results/A12-failures";
  /** Target throughput 500…4000 ops/s per workload with an SLO of UPDATE p99 ≤ 40 ms. */
  public static final String B2 = "results/B2-balanced-durability";
  /** Two trials {@code SloTrial} wrote (workload a and b at 200 ops/s), no plan.json. */
  public static final String SLO = "slo-results/slo";
  /** The trial of {@link #A12} that kills the primary of three members. */
  public static final String A12_KILL = "t001-topology-pss-fault-kill-primary-r1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {
  }

  /** The fixture folder {@code name}, copied under {@code into} keeping its relative path. */
  public static Path copy(String name, Path into) {
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

  /**
   * A copy of {@link #A12} under {@code into} whose first fault (the kill of t001) carries
   * {@code "durationsMs": {"podReady": 41873, "volumeAttached": 12000}}, as a Kubernetes injector
   * would record them; the restart after it has none.
   */
  public static Path withPlatformDurations(Path into) {
    Path dir = copy(A12, into);
    Path trial = dir.resolve(A12_KILL).resolve("trial.json");
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(trial.toFile());
      ObjectNode durations = ((ObjectNode) root.path("faults").get(0)).putObject("durationsMs");
      durations.put("podReady", 41_873L);
      durations.put("volumeAttached", 12_000L);
      JSON.writerWithDefaultPrettyPrinter().writeValue(trial.toFile(), root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /**
   * The fixtures on the test class path: a folder of test-classes, or a folder in the test jar
   * that experiments-it runs the ITs from, the jar opened as a file system once.
   */
  public static synchronized Path root() {
    try {
      java.net.URI uri = Fixtures.class.getResource("/report").toURI();
      if ("jar".equals(uri.getScheme())) {
        try {
          java.nio.file.FileSystems.getFileSystem(uri);
        } catch (java.nio.file.FileSystemNotFoundException e) {
          java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of());
        }
      }
      return Path.of(uri);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
