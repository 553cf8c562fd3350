package dev.refarch.platform.santricity.api.model;

import java.util.Comparator;

/**
 * One physical drive ({@code DriveEx}).
 *
 * @param id the drive id used in paths and request bodies
 * @param driveRef the SYMbol reference (same value as {@code id} on current firmware)
 * @param status {@code optimal}, {@code failed}, {@code replaced}, ...
 * @param available true when the drive may go into a new pool or SSD cache
 * @param hotSpare true when the drive is a hot spare
 * @param offline true when the drive is offline
 * @param removed true while the drive is being removed from a disk pool
 * @param driveMediaType {@code ssd} or {@code hdd}
 * @param currentVolumeGroupRef the pool, volume group or SSD cache the drive belongs to;
 *     {@code 0000…} when unassigned
 * @param rawCapacity raw capacity in bytes, as a decimal string
 * @param physicalLocation tray and slot
 * @param serialNumber the drive's serial number
 * @param productID the product name
 */
public record Drive(String id, String driveRef, String status, boolean available, boolean hotSpare,
    boolean offline, boolean removed, String driveMediaType, String currentVolumeGroupRef,
    String rawCapacity, Location physicalLocation, String serialNumber, String productID) {

  /** Orders drives by tray, then slot, then id: the order in which they are picked. */
  public static final Comparator<Drive> BY_LOCATION = Comparator
      .comparing((Drive d) -> d.physicalLocation() == null ? "" : nullToEmpty(d.physicalLocation().trayRef()))
      .thenComparingInt(Drive::slot)
      .thenComparing(Drive::id);

  public boolean isOptimal() {
    return "optimal".equals(status);
  }

  public boolean isFailed() {
    return "failed".equals(status);
  }

  /** Whether the drive belongs to the pool, volume group or SSD cache with this reference. */
  public boolean belongsTo(String volumeGroupRef) {
    return volumeGroupRef != null && volumeGroupRef.equals(currentVolumeGroupRef);
  }

  /** Whether the drive is free for a new pool or SSD cache of the given media type. */
  public boolean isFreeFor(DriveType type) {
    return available && isOptimal() && !hotSpare && !offline && type.apiName().equals(driveMediaType);
  }

  public int slot() {
    return physicalLocation == null ? 0 : physicalLocation.effectiveSlot();
  }

  /** For messages: {@code drive 0100… (ssd, tray …01, slot 5, optimal)}. */
  public String describe() {
    String tray = physicalLocation == null ? "?" : shortRef(physicalLocation.trayRef());
    return "drive " + id + " (" + driveMediaType + ", tray " + tray + ", slot " + slot() + ", "
        + status + ")";
  }

  private static String shortRef(String ref) {
    if (ref == null) {
      return "?";
    }
    return ref.length() <= 4 ? ref : "…" + ref.substring(ref.length() - 4);
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
