package dev.refarch.platform.local.internal;

import java.time.Duration;

/**
 * A point in time by which a multi-step wait must be done, so that every step of a start shares
 * one budget and the error can say how long the whole wait was.
 *
 * <p>Immutable and thread-safe; based on {@link System#nanoTime()}, so clock changes do not
 * matter.
 *
 * @param total the whole budget, as configured
 * @param endNanos {@link System#nanoTime()} at which it runs out
 */
public record Deadline(Duration total, long endNanos) {

  public static Deadline after(Duration total) {
    return new Deadline(total, System.nanoTime() + total.toNanos());
  }

  public boolean expired() {
    return remaining().isZero();
  }

  /** Time left, never negative. */
  public Duration remaining() {
    long left = endNanos - System.nanoTime();
    return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
  }

  /** The budget in words for messages, e.g. {@code 60 s} or {@code 1.5 s}. */
  public String describe() {
    long millis = total.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
  }
}
