package dev.refarch.platform.santricity.config;

import java.util.Objects;

/**
 * The SSD read cache state the trial needs.
 *
 * @param mode what to ensure
 * @param name the name of a cache the hook creates
 * @param driveCount SSDs in the cache when {@code mode} is {@link CacheMode#ENABLED}
 */
public record CacheSettings(CacheMode mode, String name, int driveCount) {

  public CacheSettings {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(name, "name");
  }
}
