package dev.refarch.experiments.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Writes a trial's results folder atomically: everything goes into a hidden staging folder beside
 * the final one, which is renamed into place only when complete. A runner killed mid-trial leaves
 * a staging folder (ignored by readers, removed by the next write of that trial) and never a
 * half-written {@code results/<experiment>/<trial>/}.
 *
 * <p>Not thread-safe; one instance per trial.
 */
public final class ResultsFolder {

  private final Path target;
  private final Path staging;

  /** Prepares {@code root/<experiment>/<trial>}, staging in a fresh hidden folder. */
  public ResultsFolder(Path root, String experiment, String trial) {
    Path parent = root.resolve(experiment);
    this.target = parent.resolve(trial);
    this.staging = parent.resolve("." + trial + ".staging-" + ProcessHandle.current().pid() + "-"
        + System.nanoTime());
    try {
      Files.createDirectories(staging);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + staging, e);
    }
  }

  /** Where to write while the trial runs. */
  public Path staging() {
    return staging;
  }

  /** The final folder. */
  public Path target() {
    return target;
  }

  /** Renames the staging folder into place, replacing an earlier result of the same trial. */
  public Path commit() {
    try {
      if (Files.exists(target)) {
        Path old = target.resolveSibling("." + target.getFileName() + ".replaced-" + System.nanoTime());
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
        delete(old);
      }
      try {
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(staging, target);
      }
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + staging + " to " + target, e);
    }
  }

  /** Deletes a folder tree; used for replaced results and abandoned staging folders. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        Files.delete(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
