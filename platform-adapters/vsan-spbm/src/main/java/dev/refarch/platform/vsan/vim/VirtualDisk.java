package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.vsan.soap.Xml;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * One virtual disk of a VM as the server reported it.
 *
 * <p>Holds the device's DOM element so that an edit can send the device back whole, as vSphere
 * requires; treat that element as read-only.
 *
 * @param key the device key, unique within the VM (e.g. 2000); with the VM it names the disk to PBM
 * @param label e.g. {@code Hard disk 2}
 * @param controllerKey key of the controller the disk hangs on
 * @param unitNumber position on that controller
 * @param capacityKb size in KiB
 * @param fileName backing file, e.g. {@code [vsanDatastore] mongod-1/mongod-1_1.vmdk}
 * @param device the {@code VirtualDisk} element as read
 */
public record VirtualDisk(int key, String label, int controllerKey, int unitNumber,
    long capacityKb, String fileName, Element device) {

  /** Bus order: controller, then unit — the first disk in this order is normally the OS disk. */
  public static final Comparator<VirtualDisk> BUS_ORDER = Comparator
      .comparingInt(VirtualDisk::controllerKey).thenComparingInt(VirtualDisk::unitNumber);

  public VirtualDisk {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(device, "device");
  }

  /** The disk an element of {@code config.hardware.device} describes, if it is a disk. */
  static Optional<VirtualDisk> of(Element device) {
    if (!"VirtualDisk".equals(Xml.xsiType(device))) {
      return Optional.empty();
    }
    return Optional.of(new VirtualDisk(
        Integer.parseInt(Xml.text(device, "key")),
        Xml.path(device, "deviceInfo", "label").map(e -> e.getTextContent().trim()).orElse(""),
        parseInt(Xml.text(device, "controllerKey")),
        parseInt(Xml.text(device, "unitNumber")),
        Long.parseLong(orZero(Xml.text(device, "capacityInKB"))),
        Xml.path(device, "backing", "fileName").map(e -> e.getTextContent().trim()).orElse(""),
        device));
  }

  private static int parseInt(String text) {
    return Integer.parseInt(orZero(text));
  }

  private static String orZero(String text) {
    return text.isEmpty() ? "0" : text;
  }

  @Override
  public String toString() {
    return label + " (key " + key + ")";
  }
}
