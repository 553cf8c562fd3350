package dev.refarch.platform.spi;

import java.util.Map;

/**
 * What a {@link PlatformHook} gets to work with during one phase.
 *
 * <p>Implementations are thread-safe: a hook may record state from its own worker threads.
 */
public interface HookContext {

  /** The phase the hook runs around. */
  Phase phase();

  /**
   * All properties of the run (YCSB {@code -P} files and {@code -p} overrides, or an experiment's
   * settings), unmodifiable. A hook reads the keys under its own prefix.
   */
  Map<String, String> settings();

  /** Records one fact about the platform under this hook's name. */
  void record(String key, String value);

  /** The platform state recorded so far by every hook of this run. */
  PlatformState state();

  /** Prints a line for the operator (standard error of the run); never pass secrets. */
  void log(String message);
}
