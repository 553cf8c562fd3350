package dev.refarch.experiments.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * The three files a report or comparison writes. Immutable.
 *
 * @param html the self-contained page
 * @param json the same figures as JSON
 * @param csv the same figures as CSV, one row per point, operation and metric
 */
public record ReportFiles(Path html, Path json, Path csv) {

  public ReportFiles {
    Objects.requireNonNull(html, "html");
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(csv, "csv");
  }

  /**
   * Writes {@code text} to {@code file} through a temporary file renamed into place, so a reader
   * never sees half a report.
   */
  static void write(Path file, String text) {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ReportException(file, "cannot write: " + e.getMessage(), e);
    }
  }
}
