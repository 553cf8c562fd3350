package dev.refarch.platform.santricity.config;

import dev.refarch.platform.santricity.api.Credentials;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.function.Function;

/**
 * Finds the password: the first line of {@code santricity.passwordFile}, else the environment
 * variable {@value SantricityKeys#PASSWORD_ENV}. Properties never hold it, so it never reaches
 * recorded platform state, logs or results; error messages name where it was looked for, never
 * what was found.
 *
 * <p>Stateless and thread-safe.
 */
public final class PasswordSource {

  private PasswordSource() {
  }

  /**
   * The credentials for these settings.
   *
   * @param environment looks up environment variables ({@code System::getenv} in production)
   * @throws ConfigurationException when neither source holds a password
   */
  public static Credentials resolve(ConnectionSettings settings,
      Function<String, String> environment) {
    String key = SantricityKeys.PASSWORD_FILE.key();
    if (settings.passwordFile().isPresent()) {
      var file = settings.passwordFile().get();
      String password;
      try {
        password = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
      } catch (IOException e) {
        throw new ConfigurationException(key, file.toString(), "a readable file whose first line "
            + "is the password", "cannot read it: " + e.getClass().getSimpleName());
      }
      if (password.isEmpty()) {
        throw new ConfigurationException(key, file.toString(), "a readable file whose first line "
            + "is the password", "its first line is empty");
      }
      return new Credentials(settings.user(), password);
    }
    String password = environment.apply(SantricityKeys.PASSWORD_ENV);
    if (password == null || password.isEmpty()) {
      throw new ConfigurationException(key, null, "a readable file whose first line is the "
          + "password, or the environment variable " + SantricityKeys.PASSWORD_ENV,
          "neither is set");
    }
    return new Credentials(settings.user(), password);
  }
}
