package dev.refarch.ycsb.mongo;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One YCSB thread's log of acknowledged inserts for the acknowledged-write audit: the key of every
 * insert the binding answered OK is appended, one per line, and handed to the operating system
 * before the operation returns — so the log survives a crash of the client process, and a key in
 * it is a write the database promised to keep. (A power loss of the client machine can lose the
 * tail; the audit then under-reports, never over-reports.)
 *
 * <p>Not thread-safe: one per YCSB thread. Files are {@code acked-<pid>-<n>.log} in the audit
 * folder; {@code AckAudit} in the experiments module reads them all.
 */
final class AckLog implements AutoCloseable {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final BufferedWriter out;

  AckLog(Path dir) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("acked-" + ProcessHandle.current().pid() + "-"
          + THREADS.getAndIncrement() + ".log");
      this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the audit log in " + dir, e);
    }
  }

  /** Logs an acknowledged insert; the line reaches the OS before this returns. */
  void acknowledged(String key) {
    acknowledged(List.of(key));
  }

  /** Logs a batch acknowledged whole: one write hands its lines to the OS before this returns. */
  void acknowledged(Iterable<String> keys) {
    try {
      for (String key : keys) {
        out.write(key);
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the audit log", e);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the audit log", e);
    }
  }
}
