package dev.refarch.platform.vsan.pbm;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import dev.refarch.platform.vsan.vim.VimClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Storage Policy Based Management over the vim25 session: lists, creates, updates and deletes
 * requirement policies with vSAN rules, tells which policy a disk carries, and checks compliance.
 * Where the server lacks a query (a simulator), the answer is "unknown" instead of a failure;
 * where it lacks a change (e.g. {@code PbmUpdate}), the error says so.
 *
 * <p>Thread-safe as far as the underlying {@link SoapClient} is; holds no mutable state.
 *
 * <pre>{@code
 * PbmClient pbm = PbmClient.connect(vim);
 * String id = pbm.create("refarch-sw4", "A7", VsanRules.none().withStripeWidth(4));
 * }</pre>
 */
public final class PbmClient {

  private static final MoRef SERVICE_INSTANCE = new MoRef("PbmServiceInstance", "ServiceInstance");

  private final SoapClient soap;
  private final String serverUuid;
  private final String version;
  private final MoRef profileManager;
  private final MoRef complianceManager;

  private PbmClient(SoapClient soap, String serverUuid, Element content) {
    this.soap = soap;
    this.serverUuid = serverUuid;
    this.version = Xml.path(content, "aboutInfo", "version").map(e -> e.getTextContent().trim())
        .orElse("");
    this.profileManager = MoRef.of(Xml.child(content, "profileManager").orElseThrow());
    this.complianceManager = Xml.child(content, "complianceManager").map(MoRef::of).orElse(null);
  }

  /**
   * Opens PBM on the session of {@code vim}.
   *
   * @throws PlatformException when the server has no PBM (an ESXi host rather than vCenter)
   */
  public static PbmClient connect(VimClient vim) {
    if ("HostAgent".equals(vim.about().apiType())) {
      throw new PlatformException("connect to PBM", vim.soap().url()
          + " is an ESXi host; storage policies need vCenter");
    }
    Element response = vim.soap().call(SoapClient.Endpoint.PBM,
        pbm("PbmRetrieveServiceContent").ref("_this", SERVICE_INSTANCE));
    return new PbmClient(vim.soap(), vim.about().instanceUuid(),
        Xml.child(response, "returnval").orElseThrow());
  }

  /** PBM's version, e.g. {@code 2.0}. */
  public String version() {
    return version;
  }

  /** Every storage requirement policy, in server order. */
  public List<StoragePolicy> policies() {
    Element ids = call(pbm("PbmQueryProfile").ref("_this", profileManager)
        .element("resourceType", r -> r.text("resourceType", "STORAGE"))
        .text("profileCategory", "REQUIREMENT"));
    List<String> found = Xml.children(ids, "returnval").stream()
        .map(r -> Xml.text(r, "uniqueId")).toList();
    if (found.isEmpty()) {
      return List.of();
    }
    XmlBuilder retrieve = pbm("PbmRetrieveContent").ref("_this", profileManager);
    found.forEach(id -> retrieve.element("profileIds", p -> p.text("uniqueId", id)));
    return Xml.children(call(retrieve), "returnval").stream().map(PolicyXml::readProfile)
        .toList();
  }

  /** The policy with this exact name, if any. */
  public Optional<StoragePolicy> named(String name) {
    return policies().stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** Creates a requirement policy holding {@code rules} and returns its id. */
  public String create(String name, String description, VsanRules rules) {
    // Schema order of PbmCapabilityProfileCreateSpec: name, description, category, resourceType,
    // constraints.
    XmlBuilder request = pbm("PbmCreate").ref("_this", profileManager)
        .element("createSpec", spec -> {
          spec.text("name", name).text("description", description)
              .text("category", "REQUIREMENT")
              .element("resourceType", r -> r.text("resourceType", "STORAGE"));
          PolicyXml.writeConstraints(spec, rules);
        });
    return Xml.path(call(request), "returnval", "uniqueId")
        .map(e -> e.getTextContent().trim())
        .orElseThrow(() -> new PlatformException("create storage policy " + name,
            "PbmCreate returned no profile id"));
  }

  /**
   * Replaces a policy's rules. vSAN then reports disks that carry it as out of date until the
   * policy is applied to them again.
   *
   * @throws PlatformException when the server cannot update policies (stock vcsim), saying what
   *     to do instead
   */
  public void update(String id, String description, VsanRules rules) {
    // Schema order of PbmCapabilityProfileUpdateSpec: name, description, constraints.
    XmlBuilder request = pbm("PbmUpdate").ref("_this", profileManager)
        .element("profileId", p -> p.text("uniqueId", id))
        .element("updateSpec", spec -> {
          spec.text("description", description);
          PolicyXml.writeConstraints(spec, rules);
        });
    try {
      call(request);
    } catch (SoapFault e) {
      if (e.unsupported()) {
        throw new PlatformException("update storage policy " + id, "this server cannot update"
            + " policies (" + e.faultType() + "); leave vsan.policy.name unset so that each rule"
            + " set gets its own policy, or delete the policy first", e);
      }
      throw e;
    }
  }

  /**
   * The policy's constraints as the server holds them ({@code PbmRetrieveContent}), every rule
   * included — also those this adapter does not manage — to be put back with
   * {@link #restoreConstraints}; empty when the policy has none.
   */
  public Optional<Element> constraints(String id) {
    Element profiles = call(pbm("PbmRetrieveContent").ref("_this", profileManager)
        .element("profileIds", p -> p.text("uniqueId", id)));
    return Xml.child(profiles, "returnval").flatMap(p -> Xml.child(p, "constraints"));
  }

  /**
   * Puts a policy's description and constraints back as {@link #constraints} read them
   * ({@code PbmUpdate}; the {@code PbmCapabilityProfileUpdateSpec} takes the same constraints
   * type the profile holds).
   */
  public void restoreConstraints(String id, String description, Element constraints) {
    call(pbm("PbmUpdate").ref("_this", profileManager)
        .element("profileId", p -> p.text("uniqueId", id))
        .element("updateSpec", spec -> spec.text("description", description)
            .copy("constraints", constraints)));
  }

  /** Deletes policies; a policy still in use stays and its fault is reported. */
  public void delete(String id) {
    Element outcome = call(pbm("PbmDelete").ref("_this", profileManager)
        .element("profileId", p -> p.text("uniqueId", id)));
    for (Element result : Xml.children(outcome, "returnval")) {
      Xml.child(result, "fault").ifPresent(fault -> {
        throw new PlatformException("delete storage policy " + id,
            Xml.text(fault, "localizedMessage"));
      });
    }
  }

  /** The policy a disk carries; unknown when the server cannot tell. */
  public AssociatedPolicy associated(DiskEntity disk) {
    Element response;
    try {
      response = call(pbm("PbmQueryAssociatedProfile").ref("_this", profileManager)
          .element("entity", e -> entity(e, disk)));
    } catch (SoapFault e) {
      if (e.unsupported()) {
        return AssociatedPolicy.unknown();
      }
      throw e;
    }
    return Xml.children(response, "returnval").stream().findFirst()
        .map(r -> AssociatedPolicy.of(Xml.text(r, "uniqueId")))
        .orElse(AssociatedPolicy.none());
  }

  /**
   * Checks the disks against their policies; every disk is {@link Compliance#UNKNOWN} when the
   * server has no compliance manager or check.
   */
  public Map<DiskEntity, Compliance> compliance(List<DiskEntity> disks) {
    Map<DiskEntity, Compliance> out = new LinkedHashMap<>();
    disks.forEach(d -> out.put(d, Compliance.UNKNOWN));
    if (complianceManager == null || disks.isEmpty()) {
      return out;
    }
    XmlBuilder request = pbm("PbmCheckCompliance").ref("_this", complianceManager);
    disks.forEach(d -> request.element("entities", e -> entity(e, d)));
    Element response;
    try {
      response = call(request);
    } catch (SoapFault e) {
      // Stock vcsim announces a compliance manager but has none: ManagedObjectNotFound.
      if (e.unsupported() || "ManagedObjectNotFound".equals(e.faultType())) {
        return out;
      }
      throw e;
    }
    Map<String, DiskEntity> byKey = new LinkedHashMap<>();
    disks.forEach(d -> byKey.put(d.key(), d));
    for (Element result : Xml.children(response, "returnval")) {
      DiskEntity disk = byKey.get(Xml.path(result, "entity", "key")
          .map(e -> e.getTextContent().trim()).orElse(""));
      if (disk != null) {
        out.put(disk, new Compliance(Xml.text(result, "complianceStatus"),
            Xml.text(result, "complianceTaskStatus")));
      }
    }
    return out;
  }

  private void entity(XmlBuilder e, DiskEntity disk) {
    e.text("objectType", "virtualDiskId").text("key", disk.key());
    if (!serverUuid.isEmpty()) {
      e.text("serverUuid", serverUuid);
    }
  }

  private Element call(XmlBuilder request) {
    return soap.call(SoapClient.Endpoint.PBM, request);
  }

  private static XmlBuilder pbm(String method) {
    return XmlBuilder.request(SoapClient.Endpoint.PBM.namespace(), method);
  }
}
