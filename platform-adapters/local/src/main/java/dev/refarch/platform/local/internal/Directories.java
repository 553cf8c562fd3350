package dev.refarch.platform.local.internal;

import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Predicate;

/**
 * Deletes directory trees, optionally sparing some files (the logs of a member that failed).
 *
 * <p>Stateless and thread-safe.
 */
public final class Directories {

  private Directories() {
  }

  /** Deletes {@code root} and everything below it; a missing root is fine. */
  public static void deleteRecursively(Path root) {
    deleteExcept(root, p -> false);
  }

  /**
   * Deletes every file below {@code root} for which {@code keep} is false, and every directory
   * that ends up empty.
   *
   * @throws PlatformException naming the path that could not be deleted
   */
  public static void deleteExcept(Path root, Predicate<Path> keep) {
    if (!Files.exists(root)) {
      return;
    }
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          if (!keep.test(file)) {
            Files.deleteIfExists(file);
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          if (e != null) {
            throw e;
          }
          try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
              Files.delete(dir);
            }
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException | UncheckedIOException e) {
      throw new PlatformException("delete " + root, e.toString(), e);
    }
  }
}
