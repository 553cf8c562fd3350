package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.vsan.soap.Xml;
import org.w3c.dom.Element;

/**
 * What a vCenter says about itself in {@code ServiceContent.about}.
 *
 * @param fullName e.g. {@code VMware vCenter Server 8.0.2 build-22617221}
 * @param version product version, e.g. {@code 8.0.2}
 * @param apiVersion vim25 API version, e.g. {@code 8.0.2.0}; sent back as the SOAPAction version
 * @param apiType {@code VirtualCenter} or {@code HostAgent} (a bare ESXi host, which has no PBM)
 * @param instanceUuid the vCenter's id, which PBM object references carry as {@code serverUuid}
 */
public record About(String fullName, String version, String apiVersion, String apiType,
    String instanceUuid) {

  static About of(Element about) {
    return new About(Xml.text(about, "fullName"), Xml.text(about, "version"),
        Xml.text(about, "apiVersion"), Xml.text(about, "apiType"),
        Xml.text(about, "instanceUuid"));
  }
}
