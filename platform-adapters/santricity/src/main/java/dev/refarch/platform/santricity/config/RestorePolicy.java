package dev.refarch.platform.santricity.config;

/**
 * When the hook puts the array back as its first {@code before} found it: SSD cache state, the
 * volumes' cache settings, and the pool and volumes it created (unless
 * {@code santricity.keepCreated}). A failed phase always restores, whatever the policy, because
 * nothing of a failed trial is worth keeping half-applied.
 */
public enum RestorePolicy {
  /**
   * After the run phase. The cache stays as set between load and run, so a warm cache is not lost;
   * the state restored is the one the hook saw at its first {@code before}.
   */
  RUN,
  /** After every phase. */
  EACH_PHASE,
  /** Never after a successful phase: what the trial set is left in place. */
  NEVER
}
