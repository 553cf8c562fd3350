package dev.refarch.platform.spi;

/**
 * A platform refused or failed an operation: a process did not start, an API answered an error,
 * a wait timed out. The message names the platform object and the operation.
 */
public class PlatformException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String operation;

  public PlatformException(String operation, String message) {
    super(operation + ": " + message);
    this.operation = operation;
  }

  public PlatformException(String operation, String message, Throwable cause) {
    super(operation + ": " + message, cause);
    this.operation = operation;
  }

  /** What was being done, e.g. {@code start mongod rs0-1}. */
  public String operation() {
    return operation;
  }
}
