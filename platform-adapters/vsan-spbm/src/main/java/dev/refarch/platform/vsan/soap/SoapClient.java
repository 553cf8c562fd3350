package dev.refarch.platform.vsan.soap;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Redaction;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Posts SOAP requests to vCenter's vim25 ({@code /sdk}) and PBM ({@code /pbm}) endpoints over the
 * JDK HTTP client and hands back the response element. Carries the session: the
 * {@code vmware_soap_session} cookie that {@code Login} sets is sent on every later call, and to
 * PBM also as the {@code vcSessionCookie} SOAP header, which is how PBM learns the vim25 session.
 *
 * <p>Thread-safe: one client may serve several threads (fault injection runs beside a hook). The
 * password and session cookie are masked out of every message this class produces.
 *
 * <pre>{@code
 * SoapClient soap = SoapClient.create(URI.create("https://vc/sdk"), TlsTrust.verified(), Duration.ofSeconds(60));
 * Element content = soap.call(SoapClient.Endpoint.VIM, XmlBuilder.request("urn:vim25", "RetrieveServiceContent")
 *     .ref("_this", new MoRef("ServiceInstance", "ServiceInstance")));
 * }</pre>
 */
public final class SoapClient {

  /** The SOAP services of a vCenter this adapter calls; one session serves them all. */
  public enum Endpoint {
    /** The vSphere API, at the path of {@code vsan.url} (normally {@code /sdk}). */
    VIM("urn:vim25", null),
    /** Storage Policy Based Management, at {@code /pbm}. */
    PBM("urn:pbm", "/pbm"),
    /** The vSAN management API (its performance service among others), at {@code /vsanHealth}. */
    VSAN("urn:vsan", "/vsanHealth");

    private final String namespace;
    private final String path;

    Endpoint(String namespace, String path) {
      this.namespace = namespace;
      this.path = path;
    }

    /** The namespace of this service's request elements. */
    public String namespace() {
      return namespace;
    }
  }

  static final String SESSION_COOKIE = "vmware_soap_session";
  private static final String SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";

  private final URI vimUri;
  private final HttpClient http;
  private final Duration requestTimeout;
  private final List<String> secrets = new CopyOnWriteArrayList<>();
  private volatile String cookie;
  private volatile String apiVersion;

  public SoapClient(URI sdkUrl, HttpClient http, Duration requestTimeout) {
    this.vimUri = sdkUrl;
    this.http = http;
    this.requestTimeout = requestTimeout;
  }

  /** A client with its own HTTP client using {@code tls}, following no redirects. */
  public static SoapClient create(URI sdkUrl, SSLContext tls, Duration requestTimeout) {
    HttpClient http = HttpClient.newBuilder()
        .sslContext(tls)
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(requestTimeout)
        .build();
    return new SoapClient(sdkUrl, http, requestTimeout);
  }

  /** The vim25 endpoint, e.g. {@code https://vc/sdk}. */
  public URI url() {
    return vimUri;
  }

  /** Masks {@code secret} in every message from now on (a password, a session cookie). */
  public void addSecret(String secret) {
    if (secret != null && !secret.isEmpty()) {
      secrets.add(secret);
    }
  }

  /** Uses this session (a {@code vmware_soap_session} value) from now on. */
  public void session(String sessionCookie) {
    addSecret(sessionCookie);
    addSecret(unquote(sessionCookie));
    this.cookie = sessionCookie;
  }

  /** Forgets the session, e.g. after {@code Logout}. */
  public void clearSession() {
    this.cookie = null;
  }

  /** Whether a session cookie is held. */
  public boolean hasSession() {
    return cookie != null;
  }

  /** Sends {@code urn:vim25/<version>} as vim25 SOAPAction from now on (the server's version). */
  public void apiVersion(String version) {
    this.apiVersion = version;
  }

  /**
   * Calls one method and returns its response element (e.g. {@code RetrieveServiceContentResponse}).
   *
   * @throws SoapFault when the server answers with a fault
   * @throws PlatformException when the server is unreachable, TLS fails, or the answer is not SOAP
   */
  public Element call(Endpoint endpoint, XmlBuilder request) {
    Element body = request.build();
    String method = body.getLocalName();
    URI uri = endpoint.path == null ? vimUri : vimUri.resolve(endpoint.path);
    HttpRequest.Builder post = HttpRequest.newBuilder(uri)
        .timeout(requestTimeout)
        .header("Content-Type", "text/xml; charset=utf-8")
        .header("SOAPAction", soapAction(endpoint))
        .POST(HttpRequest.BodyPublishers.ofString(envelope(endpoint, body), StandardCharsets.UTF_8));
    String session = cookie;
    if (session != null) {
      post.header("Cookie", SESSION_COOKIE + "=" + session);
    }
    HttpResponse<byte[]> response = send(method, uri, post.build());
    response.headers().allValues("Set-Cookie").stream()
        .map(SoapClient::sessionValue).flatMap(Optional::stream).findFirst()
        .ifPresent(this::session);
    return answer(method, uri, response);
  }

  // vim25 picks the schema version from SOAPAction: none until the server told us its own.
  // PBM and vSAN get an empty version, as govmomi's service clients send it.
  private String soapAction(Endpoint endpoint) {
    if (endpoint != Endpoint.VIM) {
      return endpoint.namespace() + "/";
    }
    String version = apiVersion;
    return endpoint.namespace() + (version == null ? "" : "/" + version);
  }

  private HttpResponse<byte[]> send(String method, URI uri, HttpRequest request) {
    String where = mask(method + " at " + uri);
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (SSLException e) {
      throw new PlatformException(where, "TLS handshake failed: " + mask(e.getMessage())
          + "; trust the server with vsan.caFile=<PEM file> or, for a lab, vsan.insecure=true", e);
    } catch (IOException e) {
      throw new PlatformException(where, "cannot reach the server: " + mask(e.toString()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(where, "interrupted", e);
    }
  }

  private Element answer(String method, URI uri, HttpResponse<byte[]> response) {
    Document document;
    try {
      document = Xml.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new PlatformException(method + " at " + uri, "HTTP " + response.statusCode()
          + " without a SOAP answer (is " + uri + " a vCenter SDK endpoint?)");
    }
    Element soapBody = Xml.child(document.getDocumentElement(), "Body").orElseThrow(() ->
        new PlatformException(method + " at " + uri, "HTTP " + response.statusCode()
            + " answer has no SOAP Body"));
    Optional<Element> fault = Xml.child(soapBody, "Fault");
    if (fault.isPresent()) {
      throw fault(method, fault.get());
    }
    if (response.statusCode() != 200) {
      throw new PlatformException(method + " at " + uri, "HTTP " + response.statusCode());
    }
    return Xml.children(soapBody).stream().findFirst().orElseThrow(() ->
        new PlatformException(method + " at " + uri, "empty SOAP Body"));
  }

  private SoapFault fault(String method, Element fault) {
    String type = Xml.child(fault, "detail")
        .flatMap(detail -> Xml.children(detail).stream().findFirst())
        .map(SoapClient::faultType)
        .orElse("");
    return new SoapFault(method, type, mask(Xml.text(fault, "faultstring")));
  }

  private static String faultType(Element detail) {
    String type = Xml.xsiType(detail);
    if (!type.isEmpty()) {
      return type;
    }
    String name = detail.getLocalName();
    return name.endsWith("Fault") ? name.substring(0, name.length() - "Fault".length()) : name;
  }

  private String envelope(Endpoint endpoint, Element body) {
    Document document = Xml.newBuilder().newDocument();
    Element envelope = document.createElementNS(SOAP_ENV, "soapenv:Envelope");
    envelope.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xsd", Xml.XSD);
    envelope.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xsi", Xml.XSI);
    document.appendChild(envelope);
    String session = cookie;
    if (endpoint == Endpoint.PBM && session != null) {
      Element header = document.createElementNS(SOAP_ENV, "soapenv:Header");
      Element vcSession = document.createElementNS(null, "vcSessionCookie");
      vcSession.setTextContent(unquote(session));
      header.appendChild(vcSession);
      envelope.appendChild(header);
    }
    Element soapBody = document.createElementNS(SOAP_ENV, "soapenv:Body");
    soapBody.appendChild(document.importNode(body, true));
    envelope.appendChild(soapBody);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + Xml.toString(document);
  }

  /** Replaces every registered secret in {@code text} with {@link Redaction#MASK}. */
  public String mask(String text) {
    String masked = Redaction.maskUri(text);
    for (String secret : secrets) {
      masked = masked.replace(secret, Redaction.MASK);
    }
    return masked;
  }

  static Optional<String> sessionValue(String setCookie) {
    String pair = setCookie.split(";", 2)[0].trim();
    int eq = pair.indexOf('=');
    if (eq < 0 || !SESSION_COOKIE.equals(pair.substring(0, eq).trim())) {
      return Optional.empty();
    }
    return Optional.of(pair.substring(eq + 1).trim());
  }

  private static String unquote(String value) {
    return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
        ? value.substring(1, value.length() - 1) : value;
  }
}
