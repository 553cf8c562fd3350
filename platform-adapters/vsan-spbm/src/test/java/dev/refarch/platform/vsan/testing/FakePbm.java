package dev.refarch.platform.vsan.testing;

import dev.refarch.platform.vsan.soap.Xml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The PBM side of {@link FakeVcenter}: policies start as the captured defaults (vSAN Default
 * Storage Policy and three more); create, update and delete edit them; disk associations follow
 * reconfigure's profile specs; compliance can be made to lag or never come.
 */
public final class FakePbm {

  private final Document content = Payloads.document("pbm/PbmRetrieveContent.xml");
  private final List<Element> profiles = new ArrayList<>();
  private final Map<String, String> associations = new ConcurrentHashMap<>();
  private final AtomicInteger nextPolicy = new AtomicInteger();
  private volatile int lagChecks;
  private volatile boolean neverCompliant;
  private volatile boolean loseCreateResponses;

  FakePbm() {
    Element returnval = Payloads.bodyContent(content);
    profiles.addAll(Xml.children(returnval, "returnval"));
  }

  /** The next {@code checks} compliance checks answer nonCompliant / inProgress. */
  public FakePbm lagCompliance(int checks) {
    this.lagChecks = checks;
    return this;
  }

  /** Associated disks never become compliant (rules the cluster cannot meet). */
  /**
   * From now on {@code PbmCreate} creates the policy and then answers a fault, as a create whose
   * response was lost looks to the client.
   */
  public FakePbm loseCreateResponses() {
    loseCreateResponses = true;
    return this;
  }

  public FakePbm neverCompliant() {
    this.neverCompliant = true;
    return this;
  }

  /** Gives a disk ({@code vm-78:205}) a policy as if someone had applied it before the test. */
  public FakePbm associate(String entity, String profileId) {
    if (profileId == null) {
      associations.remove(entity);
    } else {
      associations.put(entity, profileId);
    }
    return this;
  }

  public Optional<String> association(String entity) {
    return Optional.ofNullable(associations.get(entity));
  }

  /** The id of the policy with this name, if any. */
  public synchronized Optional<String> policyId(String name) {
    return profiles.stream().filter(p -> name.equals(Xml.text(p, "name"))).findFirst()
        .map(FakePbm::id);
  }

  /** A policy's rule value, e.g. {@code rule(id, "stripeWidth")}. */
  public synchronized Optional<String> rule(String id, String rule) {
    Element profile = profile(id);
    for (Element property : propertyInstances(profile)) {
      if (rule.equals(Xml.text(property, "id"))) {
        return Optional.of(Xml.text(property, "value"));
      }
    }
    return Optional.empty();
  }

  synchronized String answer(Element method) {
    switch (method.getLocalName()) {
      case "PbmRetrieveServiceContent":
        return Payloads.text("pbm/PbmRetrieveServiceContent.xml");
      case "PbmQueryProfile":
        return queryProfile();
      case "PbmRetrieveContent":
        return retrieveContent(Xml.children(method, "profileIds").stream()
            .map(p -> Xml.text(p, "uniqueId")).toList());
      case "PbmCreate":
        return create(Xml.child(method, "createSpec").orElseThrow());
      case "PbmUpdate":
        return update(Xml.text(Xml.child(method, "profileId").orElseThrow(), "uniqueId"),
            Xml.child(method, "updateSpec").orElseThrow());
      case "PbmDelete":
        Xml.children(method, "profileId").forEach(p -> profiles.remove(profile(
            Xml.text(p, "uniqueId"))));
        return envelope("<PbmDeleteResponse xmlns=\"urn:pbm\"/>");
      case "PbmQueryAssociatedProfile":
        return associated(Xml.path(method, "entity", "key").orElseThrow().getTextContent());
      case "PbmCheckCompliance":
        return compliance(Xml.children(method, "entities").stream()
            .map(e -> Xml.text(e, "key")).toList());
      default:
        return Payloads.text("pbm/PbmUpdate-MethodNotFound.xml")
            .replace("PbmUpdate", method.getLocalName());
    }
  }

  private String queryProfile() {
    StringBuilder ids = new StringBuilder();
    profiles.forEach(p -> ids.append("<returnval><uniqueId>").append(id(p))
        .append("</uniqueId></returnval>"));
    return envelope("<PbmQueryProfileResponse xmlns=\"urn:pbm\">" + ids
        + "</PbmQueryProfileResponse>");
  }

  private String retrieveContent(List<String> ids) {
    Document answer = (Document) content.cloneNode(true);
    Element response = Payloads.bodyContent(answer);
    Xml.children(response).forEach(response::removeChild);
    ids.forEach(id -> response.appendChild(answer.importNode(profile(id), true)));
    return Xml.toString(answer);
  }

  private String create(Element spec) {
    Element profile = (Element) profiles.get(0).cloneNode(true);
    String id = "fake-policy-" + nextPolicy.incrementAndGet();
    Xml.path(profile, "profileId", "uniqueId").orElseThrow().setTextContent(id);
    Xml.child(profile, "name").orElseThrow().setTextContent(Xml.text(spec, "name"));
    Xml.child(profile, "description").orElseThrow().setTextContent(Xml.text(spec, "description"));
    replaceConstraints(profile, spec);
    profiles.add(profile);
    if (loseCreateResponses) {
      return Payloads.text("pbm/PbmUpdate-MethodNotFound.xml");
    }
    return Payloads.text("pbm/PbmCreate.xml").replace("633f5b29-d931-4b5e-ad2a-26a5fe10edbd", id);
  }

  private String update(String id, Element spec) {
    Element profile = profile(id);
    replaceConstraints(profile, spec);
    return envelope("<PbmUpdateResponse xmlns=\"urn:pbm\"/>");
  }

  private String associated(String entity) {
    String id = associations.get(entity);
    return id == null ? Payloads.text("pbm/PbmQueryAssociatedProfile-none.xml")
        : Payloads.text("pbm/PbmQueryAssociatedProfile.xml")
            .replace("633f5b29-d931-4b5e-ad2a-26a5fe10edbd", id);
  }

  private String compliance(List<String> entities) {
    boolean lag = lagChecks > 0;
    if (lag) {
      lagChecks--;
    }
    StringBuilder results = new StringBuilder();
    for (String entity : entities) {
      String id = associations.get(entity);
      String status = id == null ? "notApplicable"
          : lag || neverCompliant ? "nonCompliant" : "compliant";
      results.append("<returnval><checkTime>2026-11-21T05:48:08Z</checkTime><entity>")
          .append("<objectType>virtualDiskId</objectType><key>").append(entity)
          .append("</key></entity>")
          .append(id == null ? "" : "<profile><uniqueId>" + id + "</uniqueId></profile>")
          .append("<complianceTaskStatus>").append(lag ? "inProgress" : "success")
          .append("</complianceTaskStatus><complianceStatus>").append(status)
          .append("</complianceStatus><mismatch>false</mismatch></returnval>");
    }
    return envelope("<PbmCheckComplianceResponse xmlns=\"urn:pbm\">" + results
        + "</PbmCheckComplianceResponse>");
  }

  private void replaceConstraints(Element profile, Element spec) {
    Element old = Xml.child(profile, "constraints").orElseThrow();
    Element fresh = (Element) profile.getOwnerDocument()
        .importNode(Xml.child(spec, "constraints").orElseThrow(), true);
    profile.replaceChild(fresh, old);
  }

  private Element profile(String id) {
    return profiles.stream().filter(p -> id.equals(id(p))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no policy " + id));
  }

  private static String id(Element profile) {
    return Xml.path(profile, "profileId", "uniqueId").orElseThrow().getTextContent();
  }

  private static List<Element> propertyInstances(Element profile) {
    List<Element> out = new ArrayList<>();
    var nodes = profile.getElementsByTagNameNS("*", "propertyInstance");
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }

  private static String envelope(String body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><soapenv:Body>" + body
        + "</soapenv:Body></soapenv:Envelope>";
  }
}
