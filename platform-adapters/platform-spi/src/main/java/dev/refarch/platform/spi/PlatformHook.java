package dev.refarch.platform.spi;

import java.util.Map;

/**
 * Changes a platform around a YCSB phase and restores it afterwards: applies a storage policy,
 * enables an SSD cache, creates persistent volumes.
 *
 * <p>Found by {@link #name()} through {@link java.util.ServiceLoader} (register the class in
 * {@code META-INF/services/dev.refarch.platform.spi.PlatformHook}); a new instance serves one run.
 * The caller guarantees: {@link #validate} before anything changes anywhere; {@link #before} once
 * per phase; {@link #after} once for every {@code before} that was called — also when the phase
 * failed, and also when {@code before} itself threw, since a half-applied change must be undone.
 * Calls for one instance never overlap.
 *
 * <pre>{@code
 * // bin/ycsb run mongodb ... -p hooks=vsan-spbm -p vsan.policy.stripeWidth=4
 * }</pre>
 */
public interface PlatformHook {

  /** Short lower-case name used in {@code -p hooks=...}, e.g. {@code vsan-spbm}. */
  String name();

  /** One line saying what the hook changes. */
  String description();

  /**
   * Checks this hook's settings without touching the platform.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException naming the key, the value
   *     given and what is allowed
   */
  default void validate(Map<String, String> settings) {
  }

  /** Brings the platform into the state the phase needs and records what it saw and set. */
  void before(HookContext context) throws Exception;

  /** Restores what {@link #before} changed (as configured) and records the final state. */
  void after(HookContext context, PhaseOutcome outcome) throws Exception;
}
