package dev.refarch.platform.vsan.testing;

import dev.refarch.platform.vsan.soap.Xml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Captured SOAP payloads under {@code src/test/resources/soap/}: vcsim-plus (govmomi simulator
 * v0.56.0) answers, and stock vcsim v0.46.3 answers for what it lacks.
 */
public final class Payloads {

  private Payloads() {
  }

  /** The payload's text, e.g. {@code text("vim/Login.xml")}. */
  public static String text(String name) {
    try (InputStream in = Payloads.class.getResourceAsStream("/soap/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource soap/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Document document(String name) {
    return Xml.parse(text(name).getBytes(StandardCharsets.UTF_8));
  }

  /** The first element inside the SOAP Body, e.g. the {@code XxxResponse}. */
  public static Element bodyContent(Document envelope) {
    Element body = Xml.child(envelope.getDocumentElement(), "Body").orElseThrow();
    return Xml.children(body).get(0);
  }
}
