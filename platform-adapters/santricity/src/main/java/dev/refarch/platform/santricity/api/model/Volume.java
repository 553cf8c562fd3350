package dev.refarch.platform.santricity.api.model;

/**
 * A volume ({@code VolumeEx}).
 *
 * @param id the volume id used in paths
 * @param name the user label
 * @param volumeRef the SYMbol reference progress reports point to
 * @param volumeGroupRef the pool the volume lives in
 * @param capacity capacity in bytes, as a decimal string
 * @param raidLevel e.g. {@code raidDiskPool}
 * @param status {@code optimal}, {@code degraded}, ...
 * @param flashCached true when the volume is in the SSD cache
 * @param wwn world-wide name
 * @param segmentSize segment size in bytes
 * @param action the long-running action in progress, e.g. {@code initializing}, {@code none}
 */
public record Volume(String id, String name, String volumeRef, String volumeGroupRef,
    String capacity, String raidLevel, String status, boolean flashCached, String wwn,
    Integer segmentSize, String action) {

  public long capacityBytes() {
    return Bytes.parse(capacity);
  }
}
