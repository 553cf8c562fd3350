package dev.refarch.ycsb.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A file, {@value #FILE}, that a client creates in its measurement folder when its first
 * measured (not warm-up) operation completes: the start of its measured window, visible to a
 * runner while the client still runs. A fault schedule counts from it, not from the client JVM's
 * start, which on a loaded machine can precede the first operation by seconds. It holds that
 * start in epoch milliseconds — the summary's {@code measuredFromEpochMs} — so that a runner
 * watching the clients live counts their measured window from where the merged figures will
 * ({@link #measuredFrom}); the interval log cannot say it, as an interval's warm-up and measured
 * histograms share its start and end. Written whole: the file appears with its content.
 *
 * <p>Thread-safe: the first caller creates the file, later calls are a volatile read.
 */
public final class MeasuringMark {

  /** The mark's file name inside a client's measurement folder. */
  public static final String FILE = "measuring";

  private final Path file;
  private final AtomicBoolean set = new AtomicBoolean();

  MeasuringMark(Path dir) {
    this.file = dir.resolve(FILE);
  }

  /**
   * Marks the measured window as started at {@code measuredFromEpochMs}; only the first call
   * writes.
   */
  void set(long measuredFromEpochMs) {
    if (!set.get() && set.compareAndSet(false, true)) {
      Path partial = file.resolveSibling(FILE + ".partial");
      try {
        Files.writeString(partial, Long.toString(measuredFromEpochMs));
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file, e);
      }
    }
  }

  /** Whether the client in {@code clientMeasurements} (its measurement folder) has set its mark. */
  public static boolean isSet(Path clientMeasurements) {
    return Files.exists(clientMeasurements.resolve(FILE));
  }

  /**
   * Where the client in {@code clientMeasurements} started measuring (epoch ms), once its mark is
   * set; empty before, and for a mark without a time (an older client's empty file).
   */
  public static OptionalLong measuredFrom(Path clientMeasurements) {
    try {
      String text = Files.readString(clientMeasurements.resolve(FILE)).trim();
      return text.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
    } catch (java.nio.file.NoSuchFileException notYet) {
      return OptionalLong.empty();
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("unreadable measuring mark in " + clientMeasurements + ": "
          + e, e);
    }
  }
}
