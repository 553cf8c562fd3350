package dev.refarch.platform.santricity.api.model;

/**
 * The RAID levels a pool may be created with, with the drive counts E-Series accepts for each.
 * Dynamic Disk Pools ({@code raidDiskPool}) need at least 11 drives (TR-4501 §3.2); RAID 5 and 6
 * volume groups hold at most 30 drives; RAID 1 is RAID 10 beyond two drives and needs an even count.
 */
public enum RaidLevel {
  DDP("raidDiskPool", 11, 480),
  RAID0("raid0", 1, 480),
  RAID1("raid1", 2, 480),
  RAID5("raid5", 3, 30),
  RAID6("raid6", 5, 30);

  private final String apiName;
  private final int minDrives;
  private final int maxDrives;

  RaidLevel(String apiName, int minDrives, int maxDrives) {
    this.apiName = apiName;
    this.minDrives = minDrives;
    this.maxDrives = maxDrives;
  }

  /** The value of {@code raidLevel} in requests and responses, e.g. {@code raidDiskPool}. */
  public String apiName() {
    return apiName;
  }

  public int minDrives() {
    return minDrives;
  }

  public int maxDrives() {
    return maxDrives;
  }

  /** Whether {@code count} drives make a valid pool of this level. */
  public boolean accepts(int count) {
    return count >= minDrives && count <= maxDrives && (this != RAID1 || count % 2 == 0);
  }

  /** What {@link #accepts} allows, for error messages. */
  public String allowedCounts() {
    return "an integer from " + minDrives + " to " + maxDrives
        + (this == RAID1 ? ", even" : "") + " for raid level " + name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The level whose {@link #apiName()} is {@code apiName}, or {@code null}. */
  public static RaidLevel fromApi(String apiName) {
    for (RaidLevel level : values()) {
      if (level.apiName.equals(apiName)) {
        return level;
      }
    }
    return null;
  }
}
