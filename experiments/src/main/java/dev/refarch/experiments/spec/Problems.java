package dev.refarch.experiments.spec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Collects the problems of one input instead of stopping at the first: each check runs, a
 * {@link SpecException}, {@link dev.refarch.platform.spi.config.ConfigurationException} or
 * {@link InvalidInput} it throws is kept (once per distinct line), and {@link #throwIfAny} ends
 * the validation with all of them.
 *
 * <p>Not thread-safe; one instance per validation.
 *
 * <pre>{@code
 * Problems problems = new Problems();
 * int clients = problems.check(() -> integer(m, "clients", 1, 1, 64)).orElse(1);
 * problems.throwIfAny();
 * }</pre>
 */
public final class Problems {

  private final Set<String> lines = new LinkedHashSet<>();
  private IllegalArgumentException only;

  /** Runs {@code check}, keeping the problem it reports; empty when it reported one. */
  public <T> Optional<T> check(Supplier<T> check) {
    try {
      return Optional.ofNullable(check.get());
    } catch (InvalidInput e) {
      e.problems().forEach(this::add);
    } catch (IllegalArgumentException e) {
      if (!isInputProblem(e)) {
        throw e;
      }
      if (lines.add(e.getMessage())) {
        only = lines.size() == 1 ? e : null;
      }
    }
    return Optional.empty();
  }

  /** Runs {@code check}, keeping the problem it reports. */
  public void run(Runnable check) {
    check(() -> {
      check.run();
      return Boolean.TRUE;
    });
  }

  /** Adds a problem line. */
  public void add(String line) {
    if (lines.add(line)) {
      only = null;
    }
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  public List<String> lines() {
    return new ArrayList<>(lines);
  }

  /**
   * Ends the validation if there was a problem: a single one is thrown as it was found (a
   * {@link SpecException} keeps its file and line), several as one {@link InvalidInput}.
   */
  public void throwIfAny() {
    if (only != null && lines.size() == 1) {
      throw only;
    }
    if (!lines.isEmpty()) {
      throw new InvalidInput(new ArrayList<>(lines));
    }
  }

  private static boolean isInputProblem(IllegalArgumentException e) {
    return e instanceof SpecException
        || e instanceof dev.refarch.platform.spi.config.ConfigurationException;
  }
}
