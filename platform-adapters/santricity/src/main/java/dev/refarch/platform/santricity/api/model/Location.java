package dev.refarch.platform.santricity.api.model;

/**
 * Where a drive or controller sits ({@code Location}). {@code slot} and {@code trayRef} are marked
 * deprecated in the 12.0x swagger but still answered; {@code locationPosition} is their successor.
 *
 * @param trayRef reference of the tray holding the component
 * @param slot slot number within the tray, 1-based; may be {@code null}
 * @param locationPosition parent-relative position; may be {@code null}
 * @param label label printed on the enclosure; may be {@code null}
 */
public record Location(String trayRef, Integer slot, Integer locationPosition, String label) {

  /** The slot, falling back to {@code locationPosition}; 0 when neither is known. */
  public int effectiveSlot() {
    if (slot != null && slot > 0) {
      return slot;
    }
    return locationPosition == null ? 0 : locationPosition;
  }
}
