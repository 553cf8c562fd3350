package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.spi.PlatformException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Drives of one storage system ({@code /storage-systems/{system-id}/drives}), and drive
 * replacement where the API has it (12.0x).
 *
 * <p>Thread-safe.
 */
public final class Drives {

  private final Transport transport;
  private final String systemId;
  private final Supplier<ApiGeneration> generation;

  Drives(Transport transport, String systemId, Supplier<ApiGeneration> generation) {
    this.transport = transport;
    this.systemId = systemId;
    this.generation = generation;
  }

  /** Every drive, ordered by tray and slot. */
  public List<Drive> list() {
    List<Drive> drives = new ArrayList<>(Json.readList(transport.get(base(),
        "list drives of " + system()), Drive.class));
    drives.sort(Drive.BY_LOCATION);
    return drives;
  }

  public Drive get(String driveId) {
    return Json.read(transport.get(base() + "/" + path(driveId),
        "read drive " + driveId + " of " + system()), Drive.class);
  }

  /** Drives that could take over the failed drive's role in its pool (12.0x only). */
  public List<String> replacementCandidates(String failedDriveId) {
    requireReplace("list replacement drives for drive " + failedDriveId);
    JsonNode answer = transport.get(base() + "/" + path(failedDriveId, "replace"),
        "list replacement drives for drive " + failedDriveId + " of " + system());
    List<String> out = new ArrayList<>();
    answer.path("drives").forEach(n -> out.add(n.asText()));
    return out;
  }

  /**
   * Gives the failed drive's role in its pool to {@code replacementDriveId} (12.0x only); the
   * pool then copies data back onto the new drive.
   */
  public void replace(String failedDriveId, String replacementDriveId) {
    String operation = "replace drive " + failedDriveId + " with drive " + replacementDriveId
        + " on " + system();
    requireReplace(operation);
    transport.post(base() + "/" + path(failedDriveId, "replace"),
        Json.body("replacementDriveId", replacementDriveId), operation);
  }

  private void requireReplace(String operation) {
    if (generation.get() != ApiGeneration.V12_0X) {
      throw new PlatformException(operation, "the 11.9x API has no drives/{id}/replace endpoint; "
          + "replace the drive physically (see the module README, 'Replacing a failed drive')");
    }
  }

  private String base() {
    return path("storage-systems", systemId, "drives");
  }

  private String system() {
    return "storage system '" + systemId + "'";
  }
}
