package dev.refarch.platform.vsan.soap;

import dev.refarch.platform.spi.PlatformException;
import java.util.Set;

/**
 * The server answered a SOAP call with a fault, e.g. {@code InvalidLogin}, {@code MethodNotFound}.
 * Keeps the fault type so that callers can tell "the server lacks this method" (a simulator) from
 * a real refusal.
 *
 * <p>Immutable. The message never holds request content, so no credential can leak through it.
 */
public class SoapFault extends PlatformException {

  private static final long serialVersionUID = 1L;

  private static final Set<String> UNSUPPORTED =
      Set.of("MethodNotFound", "NotImplemented", "NotSupported");

  private final String faultType;
  private final String faultString;

  public SoapFault(String operation, String faultType, String faultString) {
    super(operation, faultType + (faultString.isEmpty() ? "" : " (" + faultString + ")"));
    this.faultType = faultType;
    this.faultString = faultString;
  }

  /** The vSphere fault type without namespace, e.g. {@code InvalidLogin}; {@code ""} if none. */
  public String faultType() {
    return faultType;
  }

  /** The server's human-readable fault string. */
  public String faultString() {
    return faultString;
  }

  /** Whether the server does not implement the method (simulators lack many). */
  public boolean unsupported() {
    return UNSUPPORTED.contains(faultType);
  }
}
