package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import java.time.Duration;
import java.util.function.Consumer;
import org.w3c.dom.Element;

/**
 * A vim25 session: logs in (or attaches to a session someone else opened), reads the service
 * content, and hands out the inventory operations. Closing logs out a session it opened.
 *
 * <p>Thread-safe: the operations share one {@link SoapClient} and hold no other mutable state.
 *
 * <pre>{@code
 * try (VimClient vim = VimClient.login(soap, "administrator@vsphere.local", password)) {
 *   List<VmInfo> vms = vim.vms().find(name -> name.startsWith("mongod-"));
 * }
 * }</pre>
 */
public final class VimClient implements AutoCloseable {

  private static final MoRef SERVICE_INSTANCE = new MoRef("ServiceInstance", "ServiceInstance");

  private final SoapClient soap;
  private final Element content;
  private final About about;
  private final PropertyReader properties;
  private final Tasks tasks;
  private final boolean ownsSession;
  private final Duration timeout;

  private VimClient(SoapClient soap, Element content, boolean ownsSession, Duration timeout) {
    this.soap = soap;
    this.content = content;
    this.about = About.of(Xml.child(content, "about").orElseThrow());
    this.properties = new PropertyReader(soap, ref("propertyCollector"), ref("viewManager"),
        ref("rootFolder"));
    this.tasks = new Tasks(properties);
    this.ownsSession = ownsSession;
    this.timeout = timeout;
  }

  /**
   * Opens a session with user name and password.
   *
   * @param timeout how long any task started through this client may take
   * @throws PlatformException naming the URL and user when the login is refused
   */
  public static VimClient login(SoapClient soap, String username, String password,
      Duration timeout) {
    soap.addSecret(password);
    Element content = serviceContent(soap);
    MoRef sessionManager = MoRef.of(Xml.child(content, "sessionManager").orElseThrow());
    try {
      soap.call(SoapClient.Endpoint.VIM, PropertyReader.vim("Login")
          .ref("_this", sessionManager).text("userName", username).text("password", password));
    } catch (SoapFault e) {
      throw new PlatformException("login to " + soap.url() + " as '" + username + "'",
          e.faultType() + " (" + e.faultString() + "); check vsan.username and the password"
              + " (environment VSAN_PASSWORD or vsan.passwordFile)", e);
    }
    return new VimClient(soap, content, true, timeout);
  }

  /**
   * Uses an existing session, e.g. one a yavijava {@code ServiceInstance} opened, given its
   * {@code vmware_soap_session} cookie value. Closing does not log that session out.
   */
  public static VimClient attach(SoapClient soap, String sessionCookie, Duration timeout) {
    soap.session(sessionCookie);
    return new VimClient(soap, serviceContent(soap), false, timeout);
  }

  private static Element serviceContent(SoapClient soap) {
    Element response = soap.call(SoapClient.Endpoint.VIM,
        PropertyReader.vim("RetrieveServiceContent").ref("_this", SERVICE_INSTANCE));
    Element content = Xml.child(response, "returnval").orElseThrow(() ->
        new PlatformException("RetrieveServiceContent at " + soap.url(), "no service content"));
    String apiVersion = Xml.path(content, "about", "apiVersion")
        .map(e -> e.getTextContent().trim()).orElse("");
    if (!apiVersion.isEmpty()) {
      soap.apiVersion(apiVersion);
    }
    return content;
  }

  private MoRef ref(String name) {
    return MoRef.of(Xml.child(content, name).orElseThrow(() ->
        new PlatformException("RetrieveServiceContent at " + soap.url(), "no " + name)));
  }

  public About about() {
    return about;
  }

  /** The transport, shared with the PBM client of the same session. */
  public SoapClient soap() {
    return soap;
  }

  public PropertyReader properties() {
    return properties;
  }

  public Tasks tasks() {
    return tasks;
  }

  /** How long tasks started through this client may take. */
  public Duration timeout() {
    return timeout;
  }

  /** Virtual machine lookups and operations. */
  public VirtualMachines vms() {
    return new VirtualMachines(this);
  }

  /** ESXi host lookups and operations. */
  public Hosts hosts() {
    return new Hosts(this);
  }

  /** Calls a method that is not a task on {@code target}; {@code what} names it in errors. */
  void call(String what, String method, MoRef target, Consumer<XmlBuilder> arguments) {
    XmlBuilder request = PropertyReader.vim(method).ref("_this", target);
    arguments.accept(request);
    try {
      soap.call(SoapClient.Endpoint.VIM, request);
    } catch (SoapFault e) {
      throw new SoapFault(what, e.faultType(), e.faultString());
    }
  }

  /** Starts a task method on {@code target} and waits for it; {@code what} names it in errors. */
  void runTask(String what, String method, MoRef target, Consumer<XmlBuilder> arguments) {
    XmlBuilder request = PropertyReader.vim(method).ref("_this", target);
    arguments.accept(request);
    Element response;
    try {
      response = soap.call(SoapClient.Endpoint.VIM, request);
    } catch (SoapFault e) { // refused before a task began: name the operation as the task would
      throw new SoapFault(what, e.faultType(), e.faultString());
    }
    MoRef task = MoRef.of(Xml.child(response, "returnval").orElseThrow(() ->
        new PlatformException(what, method + " returned no task")));
    tasks.await(task, what, timeout);
  }

  /** Logs out when this client opened the session. */
  @Override
  public void close() {
    if (!ownsSession || !soap.hasSession()) {
      return;
    }
    MoRef sessionManager = ref("sessionManager");
    try {
      soap.call(SoapClient.Endpoint.VIM, PropertyReader.vim("Logout").ref("_this", sessionManager));
    } finally {
      soap.clearSession();
    }
  }
}
