package dev.refarch.platform.santricity.api.model;

/**
 * A storage pool: a Dynamic Disk Pool or a RAID volume group ({@code VolumeGroupEx}).
 *
 * @param id the pool id used in paths
 * @param name the user label
 * @param volumeGroupRef the reference drives and volumes point to
 * @param raidLevel e.g. {@code raidDiskPool}, {@code raid6}
 * @param raidStatus {@code optimal}, {@code degraded}, {@code failed}, ...
 * @param driveMediaType {@code ssd} or {@code hdd}
 * @param diskPool true for a Dynamic Disk Pool
 * @param offline true when the pool is offline
 * @param usage {@code standard} or {@code flashcache}
 * @param freeSpace free capacity in bytes, as a decimal string
 * @param totalRaidedSpace raw capacity in bytes, as a decimal string
 * @param volumeGroupData disk-pool details; may be {@code null}
 */
public record Pool(String id, String name, String volumeGroupRef, String raidLevel,
    String raidStatus, String driveMediaType, boolean diskPool, boolean offline, String usage,
    String freeSpace, String totalRaidedSpace, GroupData volumeGroupData) {

  /**
   * {@code VolumeGroupTypeData}.
   *
   * @param type {@code diskPool} or {@code traditional}
   * @param diskPoolData present for disk pools
   */
  public record GroupData(String type, DiskPoolData diskPoolData) {
  }

  /**
   * {@code DiskPoolData}: the part of a disk pool's data this adapter records.
   *
   * @param reconstructionReservedDriveCount drives' worth of capacity reserved for rebuilds
   * @param minimumDriveCount the smallest drive count this pool may shrink to
   */
  public record DiskPoolData(Integer reconstructionReservedDriveCount, Integer minimumDriveCount) {
  }

  /** The reserved (preservation) drive count of a disk pool, or {@code null} when unknown. */
  public Integer reservedDriveCount() {
    return volumeGroupData == null || volumeGroupData.diskPoolData() == null ? null
        : volumeGroupData.diskPoolData().reconstructionReservedDriveCount();
  }

  public long freeBytes() {
    return Bytes.parse(freeSpace);
  }
}
