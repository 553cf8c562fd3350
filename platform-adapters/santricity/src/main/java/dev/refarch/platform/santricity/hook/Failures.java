package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.spi.PlatformException;
import java.util.ArrayList;
import java.util.List;

/**
 * The failed steps of one restore (or one {@code after}): every step is tried, each failure is
 * kept with what it leaves behind, and {@link #throwIfAny} raises one exception naming them all.
 *
 * <p>Not thread-safe; one instance serves one call.
 */
final class Failures {

  private final List<RuntimeException> errors = new ArrayList<>();
  private final List<String> left = new ArrayList<>();

  /**
   * Runs {@code step}; when it throws, records the error and {@code leftIfFailed}.
   *
   * @param leftIfFailed what stays on the array when the step fails, e.g. {@code volume 'm_1'}
   */
  void attempt(String leftIfFailed, Runnable step) {
    try {
      step.run();
    } catch (RuntimeException e) {
      add(leftIfFailed, e);
    }
  }

  void add(String leftBehind, RuntimeException error) {
    errors.add(error);
    left.add(leftBehind + " (" + error.getMessage() + ")");
  }

  /** Takes over another collector's failures. */
  void addAll(Failures other) {
    errors.addAll(other.errors);
    left.addAll(other.left);
  }

  boolean isEmpty() {
    return errors.isEmpty();
  }

  /** What each failure left behind, one entry per failure. */
  List<String> left() {
    return List.copyOf(left);
  }

  /**
   * @throws PlatformException naming every failure and what it left; the errors are suppressed
   *     exceptions of it
   */
  void throwIfAny(String operation) {
    if (errors.isEmpty()) {
      return;
    }
    PlatformException error = new PlatformException(operation, errors.size()
        + " step(s) failed; not restored: " + String.join("; ", left));
    errors.forEach(error::addSuppressed);
    throw error;
  }
}
