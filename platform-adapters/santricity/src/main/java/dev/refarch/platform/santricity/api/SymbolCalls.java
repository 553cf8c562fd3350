package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.CallResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * SYMbol procedures through the controllers' pass-through
 * ({@code POST /storage-systems/{system-id}/symbol/{procedure}}). NetApp documents these in its
 * SYMbol API reference rather than in the 11.9x/12.0x swagger files; this adapter uses exactly one,
 * {@code setDriveToFailed}, because no REST resource fails a drive.
 *
 * <p>Thread-safe.
 */
public final class SymbolCalls {

  private final Transport transport;
  private final String systemId;

  SymbolCalls(Transport transport, String systemId) {
    this.transport = transport;
    this.systemId = systemId;
  }

  /**
   * Marks the drive failed, as if it had broken: its pool turns degraded and, for a disk pool,
   * starts reconstructing into preservation capacity.
   *
   * @param driveRef the drive's {@code driveRef}
   * @throws SantricityApiException when the controller answers a return code other than
   *     {@code ok} (e.g. {@code invalidDriveref}, {@code invalidDriveState})
   */
  public void setDriveToFailed(String driveRef) {
    String operation = "fail drive " + driveRef + " (SYMbol setDriveToFailed) on storage system '"
        + systemId + "'";
    Map<String, String> query = new LinkedHashMap<>();
    query.put("controller", "auto");
    query.put("verboseErrorResponse", "true");
    // The procedure's argument is the bare drive reference, sent as a JSON string.
    JsonNode answer = transport.post(Transport.query(path("storage-systems", systemId, "symbol",
        "setDriveToFailed"), query), driveRef, operation);
    String code = answer.isTextual() ? answer.asText() : answer.toString();
    if (!"ok".equals(code)) {
      throw new SantricityApiException(operation, 200, new CallResponse("the controller answered '"
          + code + "'", null, null, code, "symbol", null),
          "see the SYMbol return codes for setDriveToFailed");
    }
  }
}
