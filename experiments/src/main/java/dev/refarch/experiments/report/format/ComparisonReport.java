package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes a {@link Comparison} of two results folders: {@code comparison.html} (self-contained,
 * charts embedded), {@code comparison.json} and {@code comparison.csv}, into a folder of its own.
 *
 * <p>Stateless and thread-safe; each file is replaced atomically.
 *
 * <pre>{@code
 * Comparison.Result r = Comparison.compare(Path.of("results/A9-durability"),
 *     Map.of("mongodb.durability", "durable"), Path.of("results/A9-durability"),
 *     Map.of("mongodb.durability", "balanced"));
 * ComparisonReport.write(r, Path.of("compare/A9"));
 * }</pre>
 */
public final class ComparisonReport {

  public static final String HTML = "comparison.html";
  public static final String JSON = "comparison.json";
  public static final String CSV = "comparison.csv";

  private ComparisonReport() {
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
    return write(Comparison.compare(dirA, Map.of(), dirB, Map.of()), out);
  }

  /** Writes {@code result}'s three files into {@code out}, created when missing. */
  public static ReportFiles write(Comparison.Result result, Path out) {
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new ReportException(out, "cannot create the output folder: " + e.getMessage(), e);
    }
    ReportFiles files = new ReportFiles(out.resolve(HTML), out.resolve(JSON), out.resolve(CSV));
    ReportFiles.write(files.json(), ComparisonFormats.json(result.a(), result.b(), result.rows()));
    ReportFiles.write(files.csv(), ComparisonFormats.csv(result.a(), result.b(), result.rows()));
    ReportFiles.write(files.html(), ComparisonHtml.render(result.a(), result.b(), result.rows()));
    return files;
  }
}
