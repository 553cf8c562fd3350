package dev.refarch.platform.spi.telemetry;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Turns counters (operations since start, bytes since boot) into rates per second between two
 * readings of the same key. The first reading of a key gives no rate, nor does a counter that
 * went down (its process restarted): the next reading starts again from there.
 *
 * <p>Not thread-safe: one per source, used from its sampling thread.
 *
 * <pre>{@code
 * CounterRates rates = new CounterRates();
 * round.add("rs0-0", "ops.update", "/s", rates.rate("rs0-0 update", updates, System.nanoTime()));
 * }</pre>
 */
public final class CounterRates {

  private record Reading(double value, long nanos) {
  }

  private final Map<String, Reading> last = new HashMap<>();

  /**
   * The rate per second since the previous reading of {@code key}, if there was one and the
   * counter did not go down.
   *
   * @param nanos when {@code counter} was read, from {@link System#nanoTime()}
   */
  public OptionalDouble rate(String key, double counter, long nanos) {
    Reading before = last.put(key, new Reading(counter, nanos));
    if (before == null || counter < before.value() || nanos <= before.nanos()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of((counter - before.value()) * 1e9 / (nanos - before.nanos()));
  }

  /** Forgets {@code key}'s reading, e.g. when its member went away. */
  public void forget(String key) {
    last.remove(key);
  }
}
