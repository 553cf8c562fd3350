package dev.refarch.experiments.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Two results folders side by side — the same experiment before and after a change, or on two
 * platforms — with the absolute and relative change of every figure, matched by parameters.
 * Writes {@code comparison.html} (self-contained, charts embedded), {@code comparison.json} and
 * {@code comparison.csv}. Reads only the two results folders.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * ReportFiles f = Comparison.write(Path.of("results/A1-client-threads"),
 *     Path.of("results-durable/A1-client-threads"), Path.of("compare/A1"));
 * }</pre>
 */
public final class Comparison {

  public static final String HTML = "comparison.html";
  public static final String JSON = "comparison.json";
  public static final String CSV = "comparison.csv";

  private Comparison() {
  }

  /**
   * One side of a comparison.
   *
   * @param label how the pages name it: its folder with the folder above, e.g.
   *     {@code results/A1-client-threads}
   * @param results what the folder holds
   */
  public record Side(String label, ExperimentResults results) {
  }

  /**
   * Compares {@code dirA} (the reference) with {@code dirB} and writes the three files into
   * {@code out}, which is created when missing.
   *
   * @param dirA a results folder {@code results/<experiment>/}
   * @param dirB another
   * @param out the folder to write into
   * @throws ReportException when either folder has no readable plan, or {@code out} cannot be
   *     written
   */
  public static ReportFiles write(Path dirA, Path dirB, Path out) {
    Side a = side(dirA);
    Side b = side(dirB);
    List<ComparisonRow> rows = rows(a.results(), b.results());
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new ReportException(out, "cannot create the output folder: " + e.getMessage(), e);
    }
    ReportFiles files = new ReportFiles(out.resolve(HTML), out.resolve(JSON), out.resolve(CSV));
    ReportFiles.write(files.json(), ComparisonFormats.json(a, b, rows));
    ReportFiles.write(files.csv(), ComparisonFormats.csv(a, b, rows));
    ReportFiles.write(files.html(), ComparisonHtml.render(a, b, rows));
    return files;
  }

  static Side side(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    String label = abs.getParent() == null || abs.getParent().getFileName() == null
        ? String.valueOf(abs.getFileName())
        : abs.getParent().getFileName() + "/" + abs.getFileName();
    return new Side(label, ExperimentResults.load(dir));
  }

  /**
   * Every figure of every set of parameters in A or B: A's points in order, then those only B
   * has; per point the operations and metrics either side measured.
   */
  static List<ComparisonRow> rows(ExperimentResults a, ExperimentResults b) {
    Map<Map<String, String>, Point> inA = index(a);
    Map<Map<String, String>, Point> inB = index(b);
    Set<Map<String, String>> all = new LinkedHashSet<>(inA.keySet());
    all.addAll(inB.keySet());
    List<ComparisonRow> rows = new ArrayList<>();
    for (Map<String, String> parameters : all) {
      Optional<Point> pa = Optional.ofNullable(inA.get(parameters));
      Optional<Point> pb = Optional.ofNullable(inB.get(parameters));
      Set<String> ops = new LinkedHashSet<>();
      pa.ifPresent(p -> ops.addAll(p.operations()));
      pb.ifPresent(p -> ops.addAll(p.operations()));
      for (String op : Point.ordered(ops)) {
        for (Metric m : Metric.values()) {
          Optional<Stat> sa = pa.flatMap(p -> p.stat(op, m));
          Optional<Stat> sb = pb.flatMap(p -> p.stat(op, m));
          if (sa.isPresent() || sb.isPresent()) {
            rows.add(new ComparisonRow(parameters, op, m, median(sa), median(sb),
                sa.map(Stat::count).orElse(0), sb.map(Stat::count).orElse(0)));
          }
        }
      }
    }
    return rows;
  }

  private static Map<Map<String, String>, Point> index(ExperimentResults r) {
    Map<Map<String, String>, Point> index = new LinkedHashMap<>();
    r.points().forEach(p -> index.put(p.parameters(), p));
    return index;
  }

  private static OptionalDouble median(Optional<Stat> s) {
    return s.map(x -> OptionalDouble.of(x.median())).orElse(OptionalDouble.empty());
  }

  /** The parameters {@code one} has a point for and {@code other} has not. */
  static List<Map<String, String>> onlyIn(ExperimentResults one, ExperimentResults other) {
    Set<Map<String, String>> others = new LinkedHashSet<>();
    other.points().forEach(p -> others.add(p.parameters()));
    return one.points().stream().map(Point::parameters).filter(p -> !others.contains(p)).toList();
  }
}
