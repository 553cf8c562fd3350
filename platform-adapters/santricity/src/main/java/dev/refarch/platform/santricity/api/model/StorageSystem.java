package dev.refarch.platform.santricity.api.model;

/**
 * A storage system as the Web Services know it ({@code StorageSystemResponse}).
 *
 * @param id the id used in paths ({@code 1} on the embedded Web Services)
 * @param name the user label
 * @param wwn world-wide name
 * @param status {@code optimal}, {@code needsAttn}, {@code offline}, ...
 * @param model model identifier, e.g. {@code 5600}
 * @param fwVersion controller firmware version, e.g. {@code 08.52.00.00}
 * @param chassisSerialNumber chassis serial number
 * @param driveCount number of drives
 */
public record StorageSystem(String id, String name, String wwn, String status, String model,
    String fwVersion, String chassisSerialNumber, Integer driveCount) {

  public boolean isOffline() {
    return "offline".equals(status) || "neverContacted".equals(status);
  }
}
