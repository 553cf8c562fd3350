package dev.refarch.platform.santricity.api.model;

/**
 * A controller ({@code Controller}).
 *
 * @param id the controller id
 * @param controllerRef the SYMbol reference
 * @param status {@code optimal}, {@code failed}, ...
 * @param active true when in active mode
 * @param modelName model name
 * @param serialNumber serial number
 * @param physicalLocation tray and slot (slot 1 = A, 2 = B)
 */
public record Controller(String id, String controllerRef, String status, boolean active,
    String modelName, String serialNumber, Location physicalLocation) {
}
