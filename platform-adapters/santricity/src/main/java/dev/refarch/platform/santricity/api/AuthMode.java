package dev.refarch.platform.santricity.api;

/** How the client authenticates. */
public enum AuthMode {
  /** HTTP basic authentication on every request. */
  BASIC,
  /**
   * Log in once: {@code POST /access-token} with the credentials (embedded Web Services only),
   * then send the bearer token; the client logs in again when the token expires.
   */
  SESSION
}
