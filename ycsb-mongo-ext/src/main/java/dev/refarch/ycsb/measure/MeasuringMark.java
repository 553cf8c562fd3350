package dev.refarch.ycsb.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An empty file, {@value #FILE}, that a client creates in its measurement folder when its first
 * measured (not warm-up) operation completes: the start of its measured window, visible to a
 * runner while the client still runs. A fault schedule counts from it, not from the client JVM's
 * start, which on a loaded machine can precede the first operation by seconds.
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

  /** Marks the measured window as started; only the first call writes. */
  void set() {
    if (!set.get() && set.compareAndSet(false, true)) {
      try {
        Files.write(file, new byte[0]);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file, e);
      }
    }
  }

  /** Whether the client in {@code clientMeasurements} (its measurement folder) has set its mark. */
  public static boolean isSet(Path clientMeasurements) {
    return Files.exists(clientMeasurements.resolve(FILE));
  }
}
