package dev.refarch.platform.kubernetes.api;

import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.util.Optional;

/**
 * Polls the API server until a condition holds, failing with how long it waited, what it waited
 * for and what it saw last. Polling (not watches) keeps the behaviour the same against a real API
 * server and fabric8's mock server, and survives dropped connections.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Pod ready = Waits.until("pod test/rs0-0 Ready", Duration.ofMinutes(5), () -> {
 *   Pod p = pods.withName("rs0-0").get();
 *   return p != null && Pods.ready(p) ? Waits.done(p) : Waits.pending(Pods.describe(p));
 * });
 * }</pre>
 */
public final class Waits {

  /** How often a condition is checked. */
  public static final Duration INTERVAL = Duration.ofMillis(200);

  private Waits() {
  }

  /**
   * One look at the condition: a value when it holds, else what was seen.
   *
   * @param <T> what the wait produces
   */
  public record Observation<T>(Optional<T> value, String seen) {
  }

  public static <T> Observation<T> done(T value) {
    return new Observation<>(Optional.of(value), "done");
  }

  public static <T> Observation<T> pending(String seen) {
    return new Observation<>(Optional.empty(), seen);
  }

  /** A condition checked repeatedly; may throw to fail fast (e.g. an image that cannot be pulled). */
  @FunctionalInterface
  public interface Probe<T> {
    Observation<T> look();
  }

  /**
   * Checks {@code probe} every {@link #INTERVAL} until it yields a value.
   *
   * @param what what is awaited, for the timeout message, e.g. {@code claim test/data Bound}
   * @throws TimedOut when {@code timeout} passes first, naming it and what was seen last
   */
  public static <T> T until(String what, Duration timeout, Probe<T> probe) {
    long deadline = System.nanoTime() + timeout.toNanos();
    String seen = "nothing yet";
    while (true) {
      Observation<T> o = probe.look();
      if (o.value().isPresent()) {
        return o.value().get();
      }
      seen = o.seen();
      if (System.nanoTime() - deadline >= 0) {
        throw new TimedOut(what, timeout, seen);
      }
      try {
        Thread.sleep(INTERVAL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PlatformException("wait for " + what, "interrupted; last seen: " + seen, e);
      }
    }
  }

  /** A wait that ran out of time: says how long, what for, and what it saw last. */
  public static final class TimedOut extends PlatformException {
    private static final long serialVersionUID = 1L;

    TimedOut(String what, Duration timeout, String seen) {
      super("wait for " + what, "timed out after " + describe(timeout)
          + " (k8s.timeoutSeconds or the fault's timeoutSeconds); last seen: " + seen);
    }
  }

  private static String describe(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
