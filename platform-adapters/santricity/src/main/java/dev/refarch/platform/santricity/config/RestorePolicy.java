package dev.refarch.platform.santricity.config;

/**
 * When the hook restores the SSD cache state it found. A failed phase always restores (unless
 * {@link #NEVER}), because nothing follows it.
 */
public enum RestorePolicy {
  /**
   * After the run phase. The cache stays as set between load and run, so a warm cache is not lost;
   * the state restored is the one the hook saw at its first {@code before}.
   */
  RUN,
  /** After every phase. */
  EACH_PHASE,
  /** Never: the cache state the trial set is left in place. */
  NEVER
}
