package dev.refarch.experiments.report;

import java.nio.file.Path;

/**
 * A results folder could not be turned into a report: a file is missing or unreadable where the
 * report cannot do without it. The message names the file, what went wrong and what to do.
 * Problems of single trials never raise this; they show in the report instead.
 */
public class ReportException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  public ReportException(Path file, String problem, Throwable cause) {
    super(file + ": " + problem, cause);
    this.file = file;
  }

  /** The file or folder the problem is with. */
  public Path file() {
    return file;
  }
}
