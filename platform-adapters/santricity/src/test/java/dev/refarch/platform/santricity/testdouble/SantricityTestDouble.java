package dev.refarch.platform.santricity.testdouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * A stateful stand-in for SANtricity Web Services {@code /devmgr/v2} (no simulator exists), on
 * {@link HttpServer} bound to 127.0.0.1 and a free port. It keeps the array's drives, pools,
 * volumes, SSD cache, counters and reconstruction progress, answers in the JSON shapes of the
 * 11.9x or 12.0x swagger, authenticates like the real server (basic, or bearer tokens from
 * {@code POST /access-token}), and records every exchange for the contract test. Errors can be
 * injected: a status for the next matching request (optionally after carrying it out), the n-th
 * change from now (to fail a hook at every step in turn), or the whole storage system offline
 * (424).
 *
 * <p>Thread-safe: requests and test access to the state share one lock.
 *
 * <pre>{@code
 * try (SantricityTestDouble array = SantricityTestDouble.start(Flavor.V12_0X)) {
 *   settings.put("santricity.url", array.url());
 *   ...
 *   assertThat(array.mutatingRequests()).isZero();
 * }
 * }</pre>
 */
public final class SantricityTestDouble implements AutoCloseable {

  static {
    // The JDK server writes headers and body separately; without TCP_NODELAY every answer waits
    // for a delayed ACK (~40 ms). Read once, when the first server is created; test JVM only.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  public static final String USER = "admin";
  public static final String PASSWORD = "s3cret-Pw!";
  private static final String BASE = "/devmgr/v2/";

  /** How {@link #failChange} fails the chosen change. */
  public enum ChangeFailure {
    /** Answers 500 without doing anything. */
    REFUSED,
    /** Carries the change out, then answers 500, as when the answer was lost. */
    CARRIED_OUT,
    /** Answers 500 to this change and to every later request of the same method and path. */
    REFUSED_FOR_GOOD
  }

  /** Which swagger the double answers like. */
  public enum Flavor {
    V11_9X, V12_0X
  }

  /**
   * One request and its answer.
   *
   * @param method HTTP method
   * @param path raw path, starting with {@code /devmgr/v2/}
   * @param query raw query string, or empty
   * @param requestBody request body, or empty
   * @param status answer status
   * @param responseBody answer body, or empty
   * @param auth {@code Basic}, {@code Bearer} or {@code none}
   */
  public record Exchange(String method, String path, String query, String requestBody, int status,
      String responseBody, String auth) {

    /** Whether the request asks for a change on the array (logging in is not one). */
    public boolean isMutating() {
      return !method.equals("GET") && !path.equals(BASE + "access-token");
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(2);
  private final Flavor flavor;
  private final ArrayState state = ArrayState.tr4501Shelf();
  private final Handlers handlers;
  private final List<Exchange> exchanges = new ArrayList<>();
  private final InjectedFailures failures = new InjectedFailures();
  private final Set<String> tokens = new HashSet<>();
  private boolean tokensEnabled = true;

  private SantricityTestDouble(HttpServer server, Flavor flavor) {
    this.server = server;
    this.flavor = flavor;
    this.handlers = new Handlers(state, flavor);
    server.createContext("/", this::serve);
    server.setExecutor(executor);
    server.start();
  }

  public static SantricityTestDouble start(Flavor flavor) {
    try {
      return new SantricityTestDouble(HttpServer.create(address(), 0), flavor);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same double behind TLS with the given server context (certificate and key). */
  public static SantricityTestDouble startTls(Flavor flavor, SSLContext context) {
    try {
      HttpsServer server = HttpsServer.create(address(), 0);
      server.setHttpsConfigurator(new HttpsConfigurator(context));
      return new SantricityTestDouble(server, flavor);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InetSocketAddress address() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  }

  /** {@code http(s)://127.0.0.1:<port>}, the value for {@code santricity.url}. */
  public String url() {
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://127.0.0.1:" + server.getAddress().getPort();
  }

  public Flavor flavor() {
    return flavor;
  }

  /** Reads the array's state under the lock. */
  public synchronized <T> T array(Function<ArrayState, T> read) {
    return read.apply(state);
  }

  /** Changes the array's state under the lock (e.g. to serve I/O). */
  public synchronized void withArray(Consumer<ArrayState> change) {
    change.accept(state);
  }

  public synchronized List<Exchange> exchanges() {
    return List.copyOf(exchanges);
  }

  public synchronized void clearExchanges() {
    exchanges.clear();
  }

  /** Requests that asked for a change, since the last {@link #clearExchanges()}. */
  public synchronized long mutatingRequests() {
    return exchanges.stream().filter(Exchange::isMutating).count();
  }

  /**
   * Answers the next request matching {@code method} and {@code pathRegex} (relative to
   * {@code /devmgr/v2/}) with {@code status} and a {@code CallResponse}; with {@code applyAnyway}
   * the request is carried out first, like a create that answers 422 but created the object.
   */
  public synchronized void failNext(String method, String pathRegex, int status, String retcode,
      String message, boolean applyAnyway) {
    failures.failNext(method, pathRegex, status, retcode, message, applyAnyway);
  }

  /**
   * Makes the {@code n}-th changing request from now (counted as {@link Exchange#isMutating})
   * fail as {@code how} says.
   */
  public synchronized void failChange(int n, ChangeFailure how) {
    failures.failChange(n, how);
  }

  /** Takes the storage system offline (every call on it answers 424) or back online. */
  public synchronized void setOffline(boolean offline) {
    state.status = offline ? "offline" : "optimal";
  }

  /** Invalidates every session token, as a restart or expiry would. */
  public synchronized void expireTokens() {
    tokens.clear();
  }

  /** Makes {@code POST /access-token} answer 422, as an array with a maximum duration of 0 does. */
  public synchronized void disableTokens() {
    tokensEnabled = false;
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void serve(HttpExchange http) throws IOException {
    String method = http.getRequestMethod();
    String path = http.getRequestURI().getRawPath();
    String query = http.getRequestURI().getRawQuery() == null ? "" : http.getRequestURI().getRawQuery();
    String body;
    try (InputStream in = http.getRequestBody()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String authorization = http.getRequestHeaders().getFirst("Authorization");
    String scheme = authorization == null ? "none" : authorization.split(" ", 2)[0];
    int status;
    String answer;
    synchronized (this) {
      Object[] result = answer(method, path, query, body, authorization);
      status = (Integer) result[0];
      answer = (String) result[1];
      exchanges.add(new Exchange(method, path, query, body, status, answer, scheme));
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    if (!answer.isEmpty()) {
      http.getResponseHeaders().add("Content-Type", "application/json");
    }
    if (status == 401) {
      http.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"devmgr\"");
    }
    http.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = http.getResponseBody()) {
      out.write(bytes);
    }
  }

  private Object[] answer(String method, String path, String query, String body,
      String authorization) {
    if (!path.startsWith(BASE)) {
      return error(new ApiError(404, "notFound", "No resource at " + path));
    }
    String rel = path.substring(BASE.length());
    if (rel.equals("access-token") && method.equals("POST")) {
      return login(authorization);
    }
    if (!authenticated(authorization)) {
      return new Object[] {401, ""};
    }
    try {
      JsonNode json = body.isBlank() ? null : Shapes.JSON.readTree(body);
      boolean mutating = new Exchange(method, path, query, "", 0, "", "").isMutating();
      ApiError injected = failures.intercept(method, path, rel, mutating,
          () -> handlers.handle(method, rel, parse(query), json));
      if (injected != null) {
        return error(injected);
      }
      Object result = handlers.handle(method, rel, parse(query), json);
      return result == null ? new Object[] {204, ""}
          : new Object[] {200, Shapes.JSON.writeValueAsString(result)};
    } catch (ApiError e) {
      return error(e);
    } catch (IOException | RuntimeException e) {
      return error(new ApiError(500, "internalError", "systemerror", String.valueOf(e)));
    }
  }

  private Object[] login(String authorization) {
    if (!basicMatches(authorization)) {
      return new Object[] {401, ""};
    }
    if (!tokensEnabled) {
      return error(new ApiError(422, "accessTokensDisabled",
          "Access token settings are preventing token generation."));
    }
    String token = UUID.randomUUID().toString();
    tokens.add(token);
    return new Object[] {200, "{\"accessToken\":\"" + token + "\",\"duration\":3600}"};
  }

  private boolean authenticated(String authorization) {
    if (authorization != null && authorization.startsWith("Bearer ")) {
      return tokens.contains(authorization.substring("Bearer ".length()));
    }
    return basicMatches(authorization);
  }

  private static boolean basicMatches(String authorization) {
    String expected = "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD)
        .getBytes(StandardCharsets.UTF_8));
    return expected.equals(authorization);
  }

  private Object[] error(ApiError e) {
    try {
      return new Object[] {e.status, Shapes.JSON.writeValueAsString(handlers.shapes()
          .callResponse(e.status, e.retcode, e.codeType, e.getMessage(), e.invalidFields))};
    } catch (IOException io) {
      throw new UncheckedIOException(io);
    }
  }

  private static Map<String, String> parse(String query) {
    Map<String, String> out = new LinkedHashMap<>();
    if (query.isEmpty()) {
      return out;
    }
    for (String pair : query.split("&")) {
      String[] kv = pair.split("=", 2);
      out.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
          kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
    }
    return out;
  }
}
