package dev.refarch.platform.santricity.config;

import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The pool the trial's volumes live in.
 *
 * @param name the pool's label
 * @param create whether to create it when missing
 * @param raidLevel Dynamic Disk Pool or RAID level
 * @param driveType media of its drives
 * @param driveCount how many drives; required to create, checked against an existing pool
 * @param reservedDrives drives' worth of preservation capacity (disk pools only)
 */
public record PoolSettings(String name, boolean create, RaidLevel raidLevel, DriveType driveType,
    OptionalInt driveCount, OptionalInt reservedDrives) {

  public PoolSettings {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(raidLevel, "raidLevel");
    Objects.requireNonNull(driveType, "driveType");
    Objects.requireNonNull(driveCount, "driveCount");
    Objects.requireNonNull(reservedDrives, "reservedDrives");
  }
}
