package dev.refarch.platform.santricity.api;

import java.util.Objects;

/**
 * A user and password for SANtricity Web Services. {@link #toString()} masks the password, so a
 * record holding credentials may be printed.
 *
 * @param user e.g. {@code admin}
 * @param password never printed
 */
public record Credentials(String user, String password) {

  public Credentials {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    if (user.isBlank()) {
      throw new IllegalArgumentException("user is blank");
    }
  }

  @Override
  public String toString() {
    return "Credentials[user=" + user + ", password=***]";
  }
}
