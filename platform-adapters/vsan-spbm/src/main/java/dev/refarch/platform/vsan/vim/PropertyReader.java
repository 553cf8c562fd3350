package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Reads object properties through the PropertyCollector: every object of a type (through a
 * ContainerView over the root folder) or chosen objects, a few property paths each, following
 * continuation tokens for large inventories.
 *
 * <p>Thread-safe as far as its {@link SoapClient} is; holds no state of its own.
 *
 * <pre>{@code
 * List<PropertyReader.Content> vms = reader.all("VirtualMachine", List.of("name"));
 * }</pre>
 */
public final class PropertyReader {

  /**
   * The properties of one object.
   *
   * @param ref the object
   * @param values property path to its {@code val} element; absent paths are missing
   */
  public record Content(MoRef ref, Map<String, Element> values) {

    public Content {
      values = Map.copyOf(values);
    }

    /** The text of a simple property, or {@code ""} when missing. */
    public String text(String path) {
      Element value = values.get(path);
      return value == null ? "" : value.getTextContent().trim();
    }

    public Optional<Element> element(String path) {
      return Optional.ofNullable(values.get(path));
    }
  }

  private final SoapClient soap;
  private final MoRef collector;
  private final MoRef viewManager;
  private final MoRef rootFolder;

  PropertyReader(SoapClient soap, MoRef collector, MoRef viewManager, MoRef rootFolder) {
    this.soap = soap;
    this.collector = collector;
    this.viewManager = viewManager;
    this.rootFolder = rootFolder;
  }

  /** Every object of {@code type} in the inventory, with the given property paths. */
  public List<Content> all(String type, List<String> paths) {
    Element view = soap.call(SoapClient.Endpoint.VIM, vim("CreateContainerView")
        .ref("_this", viewManager).ref("container", rootFolder)
        .text("type", type).text("recursive", "true"));
    MoRef viewRef = MoRef.of(Xml.child(view, "returnval").orElseThrow());
    try {
      return retrieve(vim("RetrievePropertiesEx").ref("_this", collector)
          .element("specSet", spec -> spec
              .element("propSet", p -> propSet(p, type, paths))
              .element("objectSet", o -> o.ref("obj", viewRef).text("skip", "true")
                  .typed("selectSet", "TraversalSpec", t -> t.text("name", "view")
                      .text("type", "ContainerView").text("path", "view").text("skip", "false"))))
          .element("options", o -> { }));
    } finally {
      soap.call(SoapClient.Endpoint.VIM, vim("DestroyView").ref("_this", viewRef));
    }
  }

  /** The given objects (all of one type) with the given property paths, in the order asked. */
  public List<Content> of(List<MoRef> refs, List<String> paths) {
    if (refs.isEmpty()) {
      return List.of();
    }
    String type = refs.get(0).type();
    List<Content> found = retrieve(vim("RetrievePropertiesEx").ref("_this", collector)
        .element("specSet", spec -> {
          spec.element("propSet", p -> propSet(p, type, paths));
          refs.forEach(ref -> spec.element("objectSet", o -> o.ref("obj", ref)));
        })
        .element("options", o -> { }));
    Map<MoRef, Content> byRef = new LinkedHashMap<>();
    found.forEach(c -> byRef.put(c.ref(), c));
    return refs.stream().map(byRef::get).filter(c -> c != null).toList();
  }

  /** One object's properties. */
  public Content of(MoRef ref, List<String> paths) {
    return of(List.of(ref), paths).stream().findFirst().orElseThrow(() ->
        new PlatformException("read " + ref, "the object no longer exists"));
  }

  private static void propSet(XmlBuilder p, String type, List<String> paths) {
    p.text("type", type);
    paths.forEach(path -> p.text("pathSet", path));
  }

  private List<Content> retrieve(XmlBuilder request) {
    List<Content> out = new ArrayList<>();
    Optional<Element> result = Xml.child(soap.call(SoapClient.Endpoint.VIM, request), "returnval");
    while (result.isPresent()) {
      Xml.children(result.get(), "objects").forEach(o -> out.add(content(o)));
      String token = Xml.text(result.get(), "token");
      if (token.isEmpty()) {
        break;
      }
      result = Xml.child(soap.call(SoapClient.Endpoint.VIM, vim("ContinueRetrievePropertiesEx")
          .ref("_this", collector).text("token", token)), "returnval");
    }
    return out;
  }

  private static Content content(Element object) {
    MoRef ref = MoRef.of(Xml.child(object, "obj").orElseThrow());
    Map<String, Element> values = new LinkedHashMap<>();
    for (Element prop : Xml.children(object, "propSet")) {
      Xml.child(prop, "val").ifPresent(val -> values.put(Xml.text(prop, "name"), val));
    }
    return new Content(ref, values);
  }

  static XmlBuilder vim(String method) {
    return XmlBuilder.request(SoapClient.Endpoint.VIM.namespace(), method);
  }
}
