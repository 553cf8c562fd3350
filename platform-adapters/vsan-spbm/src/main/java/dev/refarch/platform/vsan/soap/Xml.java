package dev.refarch.platform.vsan.soap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Reads SOAP payloads with the JDK's DOM: parsing with external entities off, and lookups by local
 * name, because vim25 and PBM answers mix default namespaces and {@code xsi:type} freely.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Element about = Xml.child(content, "about").orElseThrow();
 * String version = Xml.text(about, "apiVersion");
 * }</pre>
 */
public final class Xml {

  /** The XML Schema instance namespace that carries {@code xsi:type}. */
  public static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
  /** The XML Schema namespace, bound to the {@code xsd} prefix in every envelope we send. */
  public static final String XSD = XMLConstants.W3C_XML_SCHEMA_NS_URI;

  private Xml() {
  }

  /** A fresh namespace-aware document builder that refuses DTDs and external entities. */
  public static DocumentBuilder newBuilder() {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setXIncludeAware(false);
      factory.setExpandEntityReferences(false);
      return factory.newDocumentBuilder();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's DOM parser lacks a standard feature", e);
    }
  }

  /**
   * Parses a payload.
   *
   * @throws IllegalArgumentException when it is not well-formed XML
   */
  public static Document parse(byte[] payload) {
    try {
      return newBuilder().parse(new ByteArrayInputStream(payload));
    } catch (SAXException | IOException e) {
      throw new IllegalArgumentException("not well-formed XML: " + e.getMessage(), e);
    }
  }

  /** Serialises a node without an XML declaration. */
  public static String toString(Node node) {
    try {
      Transformer transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      StringWriter out = new StringWriter();
      transformer.transform(new DOMSource(node), new StreamResult(out));
      return out.toString();
    } catch (TransformerException e) {
      throw new IllegalStateException("cannot serialise a DOM node", e);
    }
  }

  /** The child elements of {@code parent} whose local name is {@code name}, in document order. */
  public static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(e.getLocalName())) {
        out.add(e);
      }
    }
    return out;
  }

  /** Every child element of {@code parent}, in document order. */
  public static List<Element> children(Element parent) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        out.add(e);
      }
    }
    return out;
  }

  /** The first child element named {@code name}. */
  public static Optional<Element> child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(e.getLocalName())) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** The element at a path of local names below {@code parent}, e.g. {@code "deviceInfo", "label"}. */
  public static Optional<Element> path(Element parent, String... names) {
    Optional<Element> current = Optional.of(parent);
    for (String name : names) {
      current = current.flatMap(e -> child(e, name));
    }
    return current;
  }

  /** The trimmed text of the first child named {@code name}, or {@code ""} when absent. */
  public static String text(Element parent, String name) {
    return child(parent, name).map(e -> e.getTextContent().trim()).orElse("");
  }

  /** The {@code xsi:type} of an element without its prefix, or {@code ""} when untyped. */
  public static String xsiType(Element element) {
    String type = element.getAttributeNS(XSI, "type");
    int colon = type.indexOf(':');
    return colon < 0 ? type : type.substring(colon + 1);
  }
}
