package dev.refarch.platform.vsan.pbm;

import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/**
 * Converts vSAN rules to and from PBM's constraint structure: one sub-profile holding one
 * capability per rule, each with one property instance whose value carries an {@code xsd} type.
 *
 * <p>Stateless and thread-safe.
 */
final class PolicyXml {

  static final String SUB_PROFILE = "VSAN sub-profile";

  private PolicyXml() {
  }

  /** Writes {@code <constraints xsi:type="PbmCapabilitySubProfileConstraints">…}. */
  static void writeConstraints(XmlBuilder parent, VsanRules rules) {
    parent.typed("constraints", "PbmCapabilitySubProfileConstraints", constraints ->
        constraints.element("subProfiles", sub -> {
          sub.text("name", SUB_PROFILE);
          rules.capabilities().forEach((id, value) -> sub.element("capability", capability ->
              capability
                  .element("id", cid -> cid.text("namespace", VsanRules.NAMESPACE).text("id", id))
                  .element("constraint", constraint -> constraint.element("propertyInstance",
                      property -> property.text("id", id)
                          .typedText("value", xsdType(value), value.toString())))));
        }));
  }

  private static String xsdType(Object value) {
    if (value instanceof Integer) {
      return "int";
    }
    return value instanceof Boolean ? "boolean" : "string";
  }

  /** Reads a {@code PbmCapabilityProfile} element. */
  static StoragePolicy readProfile(Element profile) {
    Map<String, String> vsan = new LinkedHashMap<>();
    List<String> other = new ArrayList<>();
    Xml.child(profile, "constraints").ifPresent(constraints -> {
      for (Element sub : Xml.children(constraints, "subProfiles")) {
        for (Element capability : Xml.children(sub, "capability")) {
          readCapability(capability, vsan, other);
        }
      }
    });
    VsanRules rules;
    try {
      rules = VsanRules.fromCapabilities(vsan);
    } catch (IllegalArgumentException e) {
      // A policy someone else wrote may hold values we would refuse; keep it visible, unmanaged.
      rules = VsanRules.none();
      vsan.keySet().forEach(id -> other.add(VsanRules.NAMESPACE + "." + id));
    }
    return new StoragePolicy(Xml.path(profile, "profileId", "uniqueId")
        .map(e -> e.getTextContent().trim()).orElse(""),
        Xml.text(profile, "name"), Xml.text(profile, "description"), rules, other);
  }

  private static void readCapability(Element capability, Map<String, String> vsan,
      List<String> other) {
    Element id = Xml.child(capability, "id").orElse(null);
    if (id == null) {
      return;
    }
    String namespace = Xml.text(id, "namespace");
    String name = Xml.text(id, "id");
    boolean managed = VsanRules.NAMESPACE.equals(namespace) && VsanRules.RULE_IDS.contains(name);
    if (!managed) {
      other.add(namespace + "." + name);
      return;
    }
    for (Element constraint : Xml.children(capability, "constraint")) {
      for (Element property : Xml.children(constraint, "propertyInstance")) {
        if (name.equals(Xml.text(property, "id"))) {
          vsan.put(name, Xml.text(property, "value"));
        }
      }
    }
  }
}
