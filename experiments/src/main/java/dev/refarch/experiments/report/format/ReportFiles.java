package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ReportException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
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
    Path tmp = null;
    try {
      tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(),
          ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      readableByAll(tmp);
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ReportException(file, "cannot write: " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException e) {
          // the report itself was written or its failure reported; a stray temp file is harmless
        }
      }
    }
  }

  /** Temp files are private; a report is not. */
  private static void readableByAll(Path file) throws IOException {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: its defaults apply
    }
  }
}
