package dev.refarch.platform.santricity.api;

import dev.refarch.platform.santricity.api.model.CallResponse;
import dev.refarch.platform.spi.PlatformException;
import java.util.Optional;

/**
 * SANtricity Web Services answered an error. The message names the operation and its object
 * (e.g. {@code create volume 'mongo_1' in pool 'hdd_ddp'}), the HTTP status, NetApp's error body
 * ({@code errorMessage}, {@code retcode}, {@code codeType}, invalid fields) and what to do about it.
 * Messages never contain the password or a session token.
 */
public class SantricityApiException extends PlatformException {

  private static final long serialVersionUID = 1L;

  private final int status;
  private final transient CallResponse error;

  public SantricityApiException(String operation, int status, CallResponse error, String detail) {
    super(operation, format(status, error, detail));
    this.status = status;
    this.error = error;
  }

  /** The HTTP status; 200 for a SYMbol procedure that answered a return code other than ok. */
  public int status() {
    return status;
  }

  /** NetApp's error body, when the server sent one. */
  public Optional<CallResponse> error() {
    return Optional.ofNullable(error);
  }

  /** NetApp's {@code retcode}, or empty. */
  public Optional<String> retcode() {
    return error().map(CallResponse::retcode).filter(r -> !r.isBlank());
  }

  public boolean isNotFound() {
    return status == 404;
  }

  private static String format(int status, CallResponse error, String detail) {
    StringBuilder out = new StringBuilder("SANtricity answered HTTP ").append(status);
    String meaning = meaning(status);
    if (!meaning.isEmpty()) {
      out.append(" (").append(meaning).append(')');
    }
    if (error != null) {
      if (!error.message().isEmpty()) {
        out.append(": ").append(error.message());
      }
      if (error.retcode() != null && !error.retcode().isBlank()) {
        out.append(" [retcode ").append(error.retcode());
        if (error.codeType() != null) {
          out.append(", codeType ").append(error.codeType());
        }
        out.append(']');
      }
      if (!error.invalidFieldsIfKnown().isEmpty()) {
        out.append(" invalid fields: ").append(String.join(", ", error.invalidFieldsIfKnown()));
      }
    }
    if (detail != null && !detail.isBlank()) {
      out.append("; ").append(detail);
    }
    return out.toString();
  }

  private static String meaning(int status) {
    switch (status) {
      case 401:
        return "authentication failed";
      case 403:
        return "forbidden";
      case 404:
        return "not found";
      case 422:
        return "refused by the array";
      case 424:
        return "storage system offline";
      default:
        return "";
    }
  }
}
