package dev.refarch.platform.santricity.api.model;

import java.util.List;

/**
 * NetApp's error body ({@code CallResponse}).
 *
 * @param errorMessage what went wrong
 * @param developerMessage optional detail
 * @param localizedMessage the message in the server's locale
 * @param retcode the return code, unique together with {@code codeType}
 * @param codeType {@code symbol}, {@code systemerror} or {@code devicemgrerror}
 * @param invalidFieldsIfKnown request fields the server rejected
 */
public record CallResponse(String errorMessage, String developerMessage, String localizedMessage,
    String retcode, String codeType, List<String> invalidFieldsIfKnown) {

  public CallResponse {
    invalidFieldsIfKnown = invalidFieldsIfKnown == null ? List.of() : List.copyOf(invalidFieldsIfKnown);
  }

  /** The most useful message: error, else localized, else developer message; may be empty. */
  public String message() {
    for (String m : new String[] {errorMessage, localizedMessage, developerMessage}) {
      if (m != null && !m.isBlank()) {
        return m;
      }
    }
    return "";
  }
}
