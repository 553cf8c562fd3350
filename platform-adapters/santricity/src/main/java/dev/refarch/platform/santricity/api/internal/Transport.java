package dev.refarch.platform.santricity.api.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.refarch.platform.santricity.api.AuthMode;
import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.santricity.api.SantricityApiException;
import dev.refarch.platform.santricity.api.model.AccessToken;
import dev.refarch.platform.santricity.api.model.CallResponse;
import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;
import javax.net.ssl.SSLException;

/**
 * Sends one request to SANtricity Web Services and turns the answer into JSON or a
 * {@link SantricityApiException}: authentication (basic, or a session token from
 * {@code POST /access-token}), TLS per client, and error messages that name the operation.
 *
 * <p>Thread-safe; one instance per client.
 */
public final class Transport {

  /** Session tokens are requested for this long; the client logs in again when one expires. */
  private static final int TOKEN_SECONDS = 3600;

  private final ClientConfig config;
  private final HttpClient http;
  private final String basic;
  private volatile String bearer;

  public Transport(ClientConfig config) {
    this.config = config;
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(config.timeout())
        .sslContext(Tls.context(config))
        .build();
    String pair = config.credentials().user() + ":" + config.credentials().password();
    this.basic = "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  public ClientConfig config() {
    return config;
  }

  public JsonNode get(String path, String operation) {
    return send("GET", path, null, operation);
  }

  public JsonNode post(String path, Object body, String operation) {
    return send("POST", path, body, operation);
  }

  public JsonNode delete(String path, String operation) {
    return send("DELETE", path, null, operation);
  }

  /**
   * A path below the API root from raw segments, each percent-encoded, e.g.
   * {@code path("storage-systems", "1", "volumes")}.
   */
  public static String path(String... segments) {
    StringJoiner out = new StringJoiner("/");
    for (String segment : segments) {
      out.add(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
    }
    return out.toString();
  }

  /** {@code path} with a query string from name/value pairs, in order. */
  public static String query(String path, Map<String, String> parameters) {
    StringJoiner out = new StringJoiner("&", path + "?", "");
    parameters.forEach((k, v) -> out.add(k + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
    return out.toString();
  }

  private JsonNode send(String method, String path, Object body, String operation) {
    HttpResponse<String> response = exchange(method, path, body, operation, authorization(operation));
    if (response.statusCode() == 401 && config.auth() == AuthMode.SESSION) {
      // The token expired (or the server restarted): log in again once, then give up.
      bearer = null;
      response = exchange(method, path, body, operation, authorization(operation));
    }
    return answer(response, operation);
  }

  private JsonNode answer(HttpResponse<String> response, String operation) {
    int status = response.statusCode();
    String text = response.body() == null ? "" : response.body().trim();
    if (status >= 400) {
      throw new SantricityApiException(operation, status, errorBody(text), hint(status));
    }
    if (text.isEmpty()) {
      return MissingNode.getInstance();
    }
    try {
      return Json.MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new PlatformException(operation, "SANtricity answered HTTP " + status
          + " with a body that is not JSON: " + snippet(text));
    }
  }

  private String authorization(String operation) {
    if (config.auth() == AuthMode.BASIC) {
      return basic;
    }
    String token = bearer;
    if (token == null) {
      token = login(operation);
    }
    return "Bearer " + token;
  }

  private synchronized String login(String operation) {
    if (bearer != null) {
      return bearer;
    }
    String loginOperation = "log in as '" + config.credentials().user() + "' at "
        + config.printableRoot() + " (before: " + operation + ")";
    HttpResponse<String> response = exchange("POST", "access-token",
        Json.body("duration", TOKEN_SECONDS), loginOperation, basic);
    if (response.statusCode() == 422) {
      throw new SantricityApiException(loginOperation, 422, errorBody(response.body()),
          "access tokens are disabled on this array (maximum duration 0): enable them with "
              + "POST /access-token/settings, or use santricity.auth=basic");
    }
    AccessToken token = Json.read(answer(response, loginOperation), AccessToken.class);
    if (token == null || token.accessToken() == null || token.accessToken().isBlank()) {
      throw new PlatformException(loginOperation, "POST /access-token answered no accessToken");
    }
    bearer = token.accessToken();
    return bearer;
  }

  private HttpResponse<String> exchange(String method, String path, Object body, String operation,
      String authorization) {
    URI uri = URI.create(config.apiRoot() + "/" + path);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri)
        .timeout(config.timeout())
        .header("Accept", "application/json")
        .header("Authorization", authorization);
    if (body != null) {
      request.header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(serialize(body, operation)));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      throw new PlatformException(operation, "no answer from " + config.printableRoot()
          + " within " + config.timeout().toSeconds() + " s (santricity.timeoutSeconds)", e);
    } catch (SSLException e) {
      throw new PlatformException(operation, "TLS with " + config.printableRoot() + " failed: "
          + e.getMessage() + "; if the array's certificate is self-signed, set "
          + "santricity.trustCertificates to a PEM file holding it, or santricity.insecure=true "
          + "(this client only)", e);
    } catch (ConnectException e) {
      throw new PlatformException(operation, "cannot connect to " + config.printableRoot()
          + ": " + e + "; check santricity.url and that the Web Services are running", e);
    } catch (IOException e) {
      throw new PlatformException(operation, "I/O error talking to " + config.printableRoot()
          + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(operation, "interrupted while waiting for "
          + config.printableRoot(), e);
    }
  }

  private static String serialize(Object body, String operation) {
    try {
      return Json.MAPPER.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new PlatformException(operation, "cannot write the request body: " + e.getMessage(), e);
    }
  }

  private static CallResponse errorBody(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      JsonNode node = Json.MAPPER.readTree(text);
      if (node.isObject()) {
        return Json.read(node, CallResponse.class);
      }
    } catch (JsonProcessingException e) {
      // Not NetApp's error body (e.g. an HTML page from a proxy): show the start of it instead.
    }
    return new CallResponse(snippet(text), null, null, null, null, null);
  }

  private String hint(int status) {
    String system = "storage system '" + config.systemId() + "'";
    switch (status) {
      case 401:
        return "check the user '" + config.credentials().user() + "' and its password for "
            + config.printableRoot() + " (santricity.user; password from SANTRICITY_PASSWORD or "
            + "santricity.passwordFile)";
      case 403:
        return "the user '" + config.credentials().user() + "' lacks a role this call needs "
            + "(storage.admin for changes, storage.monitor for reads)";
      case 404:
        return "check that the object exists on " + system + " (santricity.systemId)";
      case 424:
        return system + " is offline: the Web Services cannot reach its controllers; check both "
            + "controllers and the management network, then retry";
      default:
        return null;
    }
  }

  private static String snippet(String text) {
    String flat = text.replaceAll("\\s+", " ").trim();
    return flat.length() <= 200 ? flat : flat.substring(0, 200) + "…";
  }
}
