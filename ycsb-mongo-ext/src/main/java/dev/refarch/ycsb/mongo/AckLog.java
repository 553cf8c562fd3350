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
 * One YCSB thread's log of writes for the acknowledged-write audit, each line handed to the
 * operating system before the operation returns — so the log survives a crash of the client
 * process, and an acknowledged line in it is a write the database promised to keep. (A power loss
 * of the client machine can lose the tail: lost inserts are then under-reported; an update lost
 * from the tail is one the audit does not know, as one of a client killed mid-update.)
 *
 * <ul>
 *   <li>{@code acked-<pid>-<n>.log}: the key of every insert the binding answered OK, one per
 *       line.
 *   <li>{@code updates-<pid>-<n>.log}, from the first update on: one line per update sent that
 *       did not find its document absent, acknowledged or not — {@code key}, the wall-clock
 *       microseconds when it was sent and when its answer came, {@code ok} or
 *       {@code unacknowledged} (failed, timed out, or sent with {@code w: 0}: the server may
 *       still have applied it), and {@code field=digest,...} ({@link AuditDigest}), tab
 *       separated. The audit needs the unacknowledged ones too: a field's final value may come
 *       from one of them.
 * </ul>
 *
 * <p>Not thread-safe: one per YCSB thread. {@code AckAudit} in the experiments module reads every
 * file of the folder.
 */
final class AckLog implements AutoCloseable {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Path dir;
  private final String suffix;
  private final BufferedWriter out;
  private BufferedWriter updates;

  AckLog(Path dir) {
    this.dir = dir;
    this.suffix = "-" + ProcessHandle.current().pid() + "-" + THREADS.getAndIncrement() + ".log";
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the audit log in " + dir, e);
    }
    this.out = open("acked");
  }

  private BufferedWriter open(String prefix) {
    try {
      return Files.newBufferedWriter(dir.resolve(prefix + suffix), StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
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

  /**
   * Logs an update that reached the server or may have; the line reaches the OS before this
   * returns.
   *
   * @param sentMicros wall clock when it was sent ({@link AuditDigest#nowMicros()})
   * @param answeredMicros wall clock when it was answered or failed
   * @param acknowledged whether the server acknowledged it
   * @param digests {@code field=digest,...} of the values sent
   */
  void updated(String key, long sentMicros, long answeredMicros, boolean acknowledged,
      CharSequence digests) {
    if (updates == null) {
      updates = open("updates");
    }
    try {
      updates.append(key).append('\t').append(Long.toString(sentMicros)).append('\t')
          .append(Long.toString(answeredMicros)).append('\t')
          .append(acknowledged ? "ok" : "unacknowledged").append('\t').append(digests)
          .append('\n');
      updates.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the audit log", e);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
      if (updates != null) {
        updates.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the audit log", e);
    }
  }
}
