package dev.refarch.platform.local.internal;

import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Repeats an observation until it reports success or a {@link Deadline} passes, remembering
 * what it saw last so that a timeout can say what was awaited and what was there instead.
 *
 * <p>Stateless and thread-safe; the calling thread sleeps between attempts.
 *
 * <pre>{@code
 * String primary = Poll.until(deadline, Poll.INTERVAL, () -> findPrimary())
 *     .orElseThrow(seen -> new PlatformException("await rs0", Poll.timedOut(deadline, "a primary", seen)));
 * }</pre>
 */
public final class Poll {

  /** Pause between attempts: short, because members answer in milliseconds once ready. */
  public static final Duration INTERVAL = Duration.ofMillis(200);

  private Poll() {
  }

  /** One look at the awaited condition. */
  @FunctionalInterface
  public interface Check<T> {
    Observation<T> observe();
  }

  /**
   * What one look saw: the awaited value, or a description of what was there instead.
   *
   * @param value the awaited value when done, else {@code null}
   * @param seen what was observed when not done, for timeout messages
   */
  public record Observation<T>(T value, String seen) {

    public static <T> Observation<T> done(T value) {
      return new Observation<>(Objects.requireNonNull(value), null);
    }

    public static <T> Observation<T> pending(String seen) {
      return new Observation<>(null, Objects.requireNonNull(seen));
    }

    public boolean isDone() {
      return value != null;
    }

    /** The value, or the exception {@code error} builds from what was seen instead. */
    public T orElseThrow(Function<String, ? extends RuntimeException> error) {
      if (value == null) {
        throw error.apply(seen);
      }
      return value;
    }
  }

  /**
   * Observes until done or {@code deadline} passes; always observes at least once.
   *
   * @return the last observation, done or not
   * @throws PlatformException when interrupted (the interrupt flag is restored)
   */
  public static <T> Observation<T> until(Deadline deadline, Duration interval, Check<T> check) {
    while (true) {
      Observation<T> seen = check.observe();
      if (seen.isDone() || deadline.expired()) {
        return seen;
      }
      sleep(Math.min(interval.toMillis(), Math.max(1, deadline.remaining().toMillis())));
    }
  }

  /** The standard timeout message: how long, what was awaited, what was seen instead. */
  public static String timedOut(Deadline deadline, String awaited, String seen) {
    return "timed out after " + deadline.describe() + " waiting for " + awaited
        + "; last seen: " + seen;
  }

  /**
   * Sleeps, turning an interrupt into a {@link PlatformException} with the flag restored.
   */
  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("wait", "interrupted", e);
    }
  }
}
