package dev.refarch.platform.kubernetes.topology;

import com.mongodb.MongoCredential;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;

/**
 * A deployment's secrets: the key file its members authenticate each other with, and the user
 * clients connect as (role {@code root} on {@code admin}: benchmarks drop databases, shard
 * collections and read replica-set status). Random per deployment, kept only in the Secret the
 * provisioner creates; {@link #toString} hides them.
 *
 * <p>Immutable and thread-safe.
 *
 * @param username the user's name
 * @param password the user's password
 * @param keyFile the members' shared key (base64 characters, as mongod wants)
 */
public record Credentials(String username, String password, String keyFile) {

  /** The Secret's keys. */
  static final String USERNAME = "username";
  static final String PASSWORD = "password";
  static final String KEY_FILE = "keyfile";

  private static final SecureRandom RANDOM = new SecureRandom();

  /** New random credentials for user {@code refarch}. */
  public static Credentials random() {
    return new Credentials("refarch", token(24), token(756));
  }

  private static String token(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    // URL-safe alphabet without padding: nothing to escape in a connection string
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b).replace('-', 'a')
        .replace('_', 'b');
  }

  /** The Secret's data, base64-encoded as the API wants it. */
  Map<String, String> data() {
    Base64.Encoder b = Base64.getEncoder();
    return Map.of(USERNAME, b.encodeToString(username.getBytes(StandardCharsets.UTF_8)),
        PASSWORD, b.encodeToString(password.getBytes(StandardCharsets.UTF_8)),
        KEY_FILE, b.encodeToString(keyFile.getBytes(StandardCharsets.UTF_8)));
  }

  /** The driver's credential (SCRAM, authenticated against {@code admin}). */
  public MongoCredential credential() {
    return MongoCredential.createCredential(username, "admin", password.toCharArray());
  }

  /** {@code uri} ({@code mongodb://hosts/...}) with the user in it and {@code authSource=admin}. */
  public String addTo(String uri) {
    String rest = uri.substring("mongodb://".length());
    String user = URLEncoder.encode(username, StandardCharsets.UTF_8) + ":"
        + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@";
    return "mongodb://" + user + rest + (rest.contains("?") ? "&" : "?") + "authSource=admin";
  }

  @Override
  public String toString() {
    return "Credentials[username=" + username + ", password=***, keyFile=***]";
  }
}
