package dev.refarch.platform.santricity.config;

/** What the hook does with the SSD read cache for the trial's volumes. */
public enum CacheMode {
  /** Leave the SSD cache and every volume's cache setting as they are. */
  UNCHANGED,
  /**
   * Ensure an SSD cache of {@code santricity.cache.driveCount} SSDs exists and is not suspended,
   * and that it serves every trial volume (TR-4501's "HDD + SSD read cache").
   */
  ENABLED,
  /** Ensure no trial volume is served by the SSD cache (TR-4501's "HDD only"). */
  DISABLED,
  /** Ensure the SSD cache exists and is suspended (caching paused for all volumes). */
  SUSPENDED
}
