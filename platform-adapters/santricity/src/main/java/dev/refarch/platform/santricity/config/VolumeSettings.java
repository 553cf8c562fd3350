package dev.refarch.platform.santricity.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The trial's volumes: {@code <prefix>_1} … {@code <prefix>_<count>}.
 *
 * @param count how many, 1–256
 * @param prefix name prefix
 * @param sizeGb capacity in GiB; required only to create volumes
 * @param segmentSizeKb segment size in KiB
 * @param initTimeout how long to wait for the volumes to finish initializing
 * @param initPoll interval between polls while they initialize
 */
public record VolumeSettings(int count, String prefix, OptionalLong sizeGb, int segmentSizeKb,
    Duration initTimeout, Duration initPoll) {

  public VolumeSettings {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(sizeGb, "sizeGb");
    Objects.requireNonNull(initTimeout, "initTimeout");
    Objects.requireNonNull(initPoll, "initPoll");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
  }

  /** The volume names in order. */
  public List<String> names() {
    List<String> names = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      names.add(prefix + "_" + i);
    }
    return names;
  }
}
