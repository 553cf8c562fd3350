package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Polls until something holds or a deadline passes; the timeout names what was awaited, for how
 * long, and what was seen last.
 *
 * <p>Stateless and thread-safe.
 */
final class Waits {

  static final Duration INTERVAL = Duration.ofMillis(250);

  /** One poll's outcome: the value when done, else what was seen. */
  record Observation<T>(T value, String seen) {
    static <T> Observation<T> done(T value) {
      return new Observation<>(value, null);
    }

    static <T> Observation<T> pending(String seen) {
      return new Observation<>(null, seen);
    }
  }

  private Waits() {
  }

  /**
   * Polls {@code probe} every {@link #INTERVAL} until it is done.
   *
   * @param started when the wait began, for the message
   * @throws PlatformException at {@code deadline}
   */
  static <T> T until(Instant started, Instant deadline, String awaited,
      Supplier<Observation<T>> probe) {
    String seen = "nothing yet";
    while (true) {
      Observation<T> o = probe.get();
      if (o.value() != null) {
        return o.value();
      }
      seen = o.seen();
      if (Instant.now().isAfter(deadline)) {
        throw new PlatformException("await " + awaited, "timed out after "
            + Duration.between(started, Instant.now()).toSeconds() + " s waiting for " + awaited
            + "; last seen: " + seen);
      }
      try {
        Thread.sleep(INTERVAL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PlatformException("await " + awaited, "interrupted; last seen: " + seen, e);
      }
    }
  }
}
