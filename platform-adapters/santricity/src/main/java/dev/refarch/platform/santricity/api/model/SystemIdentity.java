package dev.refarch.platform.santricity.api.model;

/**
 * What the embedded {@code about} endpoint says about the array
 * ({@code StorageSystemIdentificationResponse}).
 *
 * @param name the user label
 * @param wwn world-wide name
 * @param serialNumber chassis serial number
 * @param controllerPosition the position of the controller that answered (1 = A, 2 = B)
 */
public record SystemIdentity(String name, String wwn, String serialNumber,
    Integer controllerPosition) {
}
