package dev.refarch.platform.vsan.soap;

import java.util.Objects;
import org.w3c.dom.Element;

/**
 * A managed object reference: the type and server-side id of a vSphere object, e.g.
 * {@code VirtualMachine:vm-42}. Ids are only meaningful on the server that issued them.
 *
 * @param type the managed object type, e.g. {@code VirtualMachine}, {@code HostSystem}
 * @param value the id, e.g. {@code vm-42}
 */
public record MoRef(String type, String value) {

  public MoRef {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(value, "value");
  }

  /** Reads {@code <x type="T">id</x>}. */
  public static MoRef of(Element element) {
    return new MoRef(element.getAttribute("type"), element.getTextContent().trim());
  }

  @Override
  public String toString() {
    return type + ":" + value;
  }
}
