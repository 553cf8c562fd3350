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

  /**
   * The rate per second since the previous reading of {@code key}, on the clock of the system that
   * counted: {@code at} is when it says it read the counter (an engine's, a kubelet's, an array's
   * timestamp), so that a reading the runner receives late is no faster or slower for it. The same
   * {@code at} twice — the system has not counted again — gives no rate.
   */
  public OptionalDouble rate(String key, double counter, java.time.Instant at) {
    return rate(key, counter, at.getEpochSecond() * 1_000_000_000L + at.getNano());
  }

  /** Forgets {@code key}'s reading, e.g. when its member went away. */
  public void forget(String key) {
    last.remove(key);
  }
}
