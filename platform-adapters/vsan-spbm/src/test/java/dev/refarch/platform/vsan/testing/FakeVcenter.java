package dev.refarch.platform.vsan.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.refarch.platform.vsan.soap.Xml;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * An in-JVM vCenter for unit tests: {@code com.sun.net.httpserver} on 127.0.0.1 answering vim25
 * ({@code /sdk}) and PBM ({@code /pbm}) calls with payloads captured from the simulators, kept
 * just stateful enough (sessions, policies, disk associations, VM sizing, power, task states) to
 * test idempotency and restore. Every call is logged so tests can count mutating ones.
 *
 * <p>Requests are handled one at a time (the server's default executor is a single thread).
 *
 * <pre>{@code
 * try (FakeVcenter vc = FakeVcenter.start()) {
 *   new StoragePolicyHook(vc.env()).before(context(vc.settings()));
 *   assertThat(vc.mutations()).isEqualTo(3);
 * }
 * }</pre>
 */
public final class FakeVcenter implements AutoCloseable {

  public static final String USER = "administrator@vsphere.local";
  public static final String PASSWORD = "Fake-s3cret!";
  /** The two VMs that have details (two disks each: keys 204 and 205). */
  public static final String VMS = "DC0_C0_RP0_VM*";

  private static final Set<String> MUTATING = Set.of("ReconfigVM_Task", "PowerOnVM_Task",
      "PowerOffVM_Task", "EnterMaintenanceMode_Task", "ExitMaintenanceMode_Task",
      "DisconnectHost_Task", "ReconnectHost_Task", "ShutdownHost_Task",
      "PowerUpHostFromStandBy_Task", "PbmCreate", "PbmUpdate", "PbmDelete");

  /** One request as the server saw it. */
  public record Call(String endpoint, String method, String cookie, String vcSessionCookie,
      String soapAction, String body) {
  }

  static {
    // The JDK server writes headers and body separately; without TCP_NODELAY each answer waits
    // ~40 ms for a delayed ACK. Read once when the server classes load, so set it first.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private final HttpServer server;
  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final Set<String> sessions = ConcurrentHashMap.newKeySet();
  private final Map<String, String> overrides = new ConcurrentHashMap<>();
  private final FakePbm pbm = new FakePbm();
  private final FakeInventory inventory = new FakeInventory(pbm);

  private FakeVcenter(HttpServer server) {
    this.server = server;
  }

  public static FakeVcenter start() {
    try {
      HttpServer server = HttpServer.create(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      FakeVcenter fake = new FakeVcenter(server);
      server.createContext("/sdk", exchange -> fake.handle("vim", exchange));
      server.createContext("/pbm", exchange -> fake.handle("pbm", exchange));
      server.start();
      return fake;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the fake vCenter", e);
    }
  }

  /** {@code http://127.0.0.1:<port>/sdk}. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/sdk";
  }

  /** Connection settings plus {@code vsan.vms} for the two detailed VMs. */
  public Map<String, String> settings() {
    Map<String, String> settings = new HashMap<>();
    settings.put("vsan.url", url());
    settings.put("vsan.username", USER);
    settings.put("vsan.vms", VMS);
    settings.put("vsan.timeoutSeconds", "5");
    return settings;
  }

  /** The environment holding the password. */
  public Map<String, String> env() {
    return Map.of("VSAN_PASSWORD", PASSWORD);
  }

  public List<Call> calls() {
    return List.copyOf(calls);
  }

  /** Calls that change vCenter state. */
  public long mutations() {
    return calls.stream().filter(c -> MUTATING.contains(c.method())).count();
  }

  public long count(String method) {
    return calls.stream().filter(c -> c.method().equals(method)).count();
  }

  public void clearCalls() {
    calls.clear();
  }

  /** Answers {@code method} with this captured payload from now on (e.g. a stock-vcsim fault). */
  public FakeVcenter respond(String method, String payload) {
    overrides.put(method, Payloads.text(payload));
    return this;
  }

  /** Answers {@code method} with a captured payload edited by {@code edit} from now on. */
  public FakeVcenter respond(String method, String payload, UnaryOperator<String> edit) {
    overrides.put(method, edit.apply(Payloads.text(payload)));
    return this;
  }

  /** The VM and host state. */
  public FakeInventory inventory() {
    return inventory;
  }

  /** The policies, associations and compliance behaviour. */
  public FakePbm pbm() {
    return pbm;
  }

  private void handle(String endpoint, HttpExchange exchange) throws IOException {
    byte[] request = exchange.getRequestBody().readAllBytes();
    Document document = Xml.parse(request);
    Element method = Payloads.bodyContent(document);
    String cookie = cookie(exchange.getRequestHeaders().getFirst("Cookie"));
    String vcSession = Xml.child(document.getDocumentElement(), "Header")
        .flatMap(h -> Xml.child(h, "vcSessionCookie")).map(Element::getTextContent).orElse(null);
    calls.add(new Call(endpoint, method.getLocalName(), cookie, vcSession,
        exchange.getRequestHeaders().getFirst("SOAPAction"),
        new String(request, StandardCharsets.UTF_8)));
    String answer;
    int status = 200;
    if (!authorised(endpoint, method.getLocalName(), cookie, vcSession)) {
      answer = Payloads.text("pbm/NotAuthenticated.xml");
    } else if (overrides.containsKey(method.getLocalName())) {
      answer = overrides.get(method.getLocalName());
    } else {
      answer = dispatch(method, exchange);
    }
    if (answer.contains(":Fault>")) {
      status = 500;
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  private boolean authorised(String endpoint, String method, String cookie, String vcSession) {
    if (method.equals("RetrieveServiceContent") || method.equals("Login")) {
      return true;
    }
    String session = unquote(cookie);
    boolean vim = session != null && sessions.contains(session);
    // PBM wants both: the cookie (stock vcsim) and the vcSessionCookie header (vCenter).
    return "vim".equals(endpoint) ? vim : vim && session.equals(vcSession);
  }

  private String dispatch(Element method, HttpExchange exchange) {
    String name = method.getLocalName();
    switch (name) {
      case "RetrieveServiceContent":
        return Payloads.text("vim/RetrieveServiceContent.xml");
      case "Login":
        return login(method, exchange);
      case "Logout":
        sessions.remove(unquote(cookie(exchange.getRequestHeaders().getFirst("Cookie"))));
        return Payloads.text("vim/Logout.xml");
      default:
        return name.startsWith("Pbm") ? pbm.answer(method) : inventory.answer(method);
    }
  }

  private String login(Element method, HttpExchange exchange) {
    if (!USER.equals(Xml.text(method, "userName"))
        || !PASSWORD.equals(Xml.text(method, "password"))) {
      return Payloads.text("vim/Login-InvalidLogin.xml");
    }
    String session = "fake-session-" + (sessions.size() + 1) + "-" + System.nanoTime();
    sessions.add(session);
    // vCenter quotes the value; PBM's header must carry it unquoted.
    exchange.getResponseHeaders().add("Set-Cookie",
        "vmware_soap_session=\"" + session + "\"; Path=/; HttpOnly; Secure");
    return Payloads.text("vim/Login.xml");
  }

  private static String cookie(String header) {
    if (header == null) {
      return null;
    }
    for (String part : header.split(";")) {
      String[] pair = part.trim().split("=", 2);
      if (pair.length == 2 && pair[0].equals("vmware_soap_session")) {
        return pair[1];
      }
    }
    return null;
  }

  private static String unquote(String value) {
    return value != null && value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
        ? value.substring(1, value.length() - 1) : value;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
