package dev.refarch.platform.vsan.soap;

import java.util.function.Consumer;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Writes the body of one SOAP request as DOM elements in the request's namespace.
 *
 * <p>vSphere parses requests against its XML schema, so <em>elements must be added in the order
 * the schema declares them</em>; callers own that order. Not thread-safe: build one request on one
 * thread.
 *
 * <pre>{@code
 * XmlBuilder body = XmlBuilder.request("urn:vim25", "ReconfigVM_Task")
 *     .ref("_this", vm)
 *     .element("spec", spec -> spec.text("numCPUs", "8").text("memoryMB", "65536"));
 * }</pre>
 */
public final class XmlBuilder {

  private static final String XMLNS = "http://www.w3.org/2000/xmlns/";

  private final Document document;
  private final Element element;
  private final String namespace;

  private XmlBuilder(Document document, Element element, String namespace) {
    this.document = document;
    this.element = element;
    this.namespace = namespace;
  }

  /** A new request element, e.g. {@code request("urn:pbm", "PbmQueryProfile")}. */
  public static XmlBuilder request(String namespace, String method) {
    Document document = Xml.newBuilder().newDocument();
    Element root = document.createElementNS(namespace, method);
    document.appendChild(root);
    return new XmlBuilder(document, root, namespace);
  }

  /** Adds {@code <name>value</name>}. */
  public XmlBuilder text(String name, String value) {
    Element child = document.createElementNS(namespace, name);
    child.setTextContent(value);
    element.appendChild(child);
    return this;
  }

  /** Adds {@code <name xsi:type="xsd:type">value</name>}, e.g. a PBM rule value. */
  public XmlBuilder typedText(String name, String xsdType, String value) {
    text(name, value);
    ((Element) element.getLastChild()).setAttributeNS(Xml.XSI, "xsi:type", "xsd:" + xsdType);
    return this;
  }

  /** Adds a managed object reference, {@code <name type="VirtualMachine">vm-42</name>}. */
  public XmlBuilder ref(String name, MoRef ref) {
    text(name, ref.value());
    ((Element) element.getLastChild()).setAttribute("type", ref.type());
    return this;
  }

  /** Adds a nested element whose content {@code content} writes. */
  public XmlBuilder element(String name, Consumer<XmlBuilder> content) {
    Element child = document.createElementNS(namespace, name);
    element.appendChild(child);
    content.accept(new XmlBuilder(document, child, namespace));
    return this;
  }

  /** Adds a nested element of a derived type, {@code <name xsi:type="type">…</name>}. */
  public XmlBuilder typed(String name, String type, Consumer<XmlBuilder> content) {
    element(name, content);
    ((Element) element.getLastChild()).setAttributeNS(Xml.XSI, "xsi:type", type);
    return this;
  }

  /**
   * Adds a deep copy of {@code source} (e.g. a device read from the server) renamed to
   * {@code name}, keeping its {@code xsi:type}, so that an edit sends the object back whole.
   */
  public XmlBuilder copy(String name, Element source) {
    Element child = document.createElementNS(namespace, name);
    String type = source.getAttributeNS(Xml.XSI, "type");
    if (!type.isEmpty()) {
      child.setAttributeNS(Xml.XSI, "xsi:type", Xml.xsiType(source));
    }
    for (Node n = source.getFirstChild(); n != null; n = n.getNextSibling()) {
      child.appendChild(rename(document.importNode(n, true)));
    }
    element.appendChild(child);
    return this;
  }

  /** The request element, for the transport to wrap in an envelope. */
  public Element build() {
    return element;
  }

  // Imported children keep the response's namespace and prefixes (Go servers write
  // "XMLSchema-instance:type"); re-home them and write xsi:type the way our envelope declares it.
  private Node rename(Node node) {
    if (!(node instanceof Element e)) {
      return node;
    }
    String type = e.getAttributeNS(Xml.XSI, "type");
    Element renamed = (Element) document.renameNode(e, namespace, e.getLocalName());
    for (int i = renamed.getAttributes().getLength() - 1; i >= 0; i--) {
      Node attribute = renamed.getAttributes().item(i);
      if (XMLNS.equals(attribute.getNamespaceURI()) || Xml.XSI.equals(attribute.getNamespaceURI())) {
        renamed.removeAttributeNode((Attr) attribute);
      }
    }
    if (!type.isEmpty()) {
      renamed.setAttributeNS(Xml.XSI, "xsi:type", type);
    }
    for (Node n = renamed.getFirstChild(); n != null; n = n.getNextSibling()) {
      rename(n);
    }
    return renamed;
  }
}
