package dev.refarch.platform.santricity.testdouble;

import java.util.List;

/** An error the double answers with NetApp's {@code CallResponse} body. */
final class ApiError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  final int status;
  final String retcode;
  final String codeType;
  final List<String> invalidFields;

  ApiError(int status, String retcode, String message) {
    this(status, retcode, "devicemgrerror", message);
  }

  ApiError(int status, String retcode, String codeType, String message, String... invalidFields) {
    super(message);
    this.status = status;
    this.retcode = retcode;
    this.codeType = codeType;
    this.invalidFields = List.of(invalidFields);
  }
}
