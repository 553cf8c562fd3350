package dev.refarch.experiments.spec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as a tree that remembers the line of every key and value, so that validation
 * errors can point at them. Written on Jackson's streaming YAML parser because Jackson's own trees
 * drop locations.
 *
 * <p>Immutable once read; thread-safe.
 */
final class YamlTree {

  private static final YAMLFactory YAML = new YAMLFactory();

  private YamlTree() {
  }

  /** A node with the line it starts on. */
  sealed interface Node permits MapNode, ListNode, Scalar {
    int line();
  }

  /** A mapping; {@code keyLines} gives each key's line. */
  record MapNode(int line, Map<String, Node> entries, Map<String, Integer> keyLines) implements Node {
  }

  record ListNode(int line, List<Node> items) implements Node {
  }

  /** A scalar as text; {@code null} for YAML's null. */
  record Scalar(int line, String value) implements Node {
  }

  /**
   * Parses one document.
   *
   * @throws SpecException for malformed YAML or a duplicate key
   */
  static Node parse(String file, String text) {
    try (JsonParser p = YAML.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new SpecException(file, 1, "(document)", "", "a YAML mapping");
      }
      return read(file, p);
    } catch (SpecException e) {
      throw e;
    } catch (IOException e) {
      int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe
          && jpe.getLocation() != null ? jpe.getLocation().getLineNr() : 1;
      throw new SpecException(file, line, "(yaml)", firstLine(e.getMessage()), "well-formed YAML");
    }
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }

  private static Node read(String file, JsonParser p) throws IOException {
    int line = p.currentTokenLocation().getLineNr();
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      Map<String, Node> entries = new LinkedHashMap<>();
      Map<String, Integer> lines = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        int keyLine = p.currentTokenLocation().getLineNr();
        if (entries.containsKey(key)) {
          throw new SpecException(file, keyLine, key, key, "each key once per mapping (first at line "
              + lines.get(key) + ")");
        }
        p.nextToken();
        entries.put(key, read(file, p));
        lines.put(key, keyLine);
      }
      return new MapNode(line, Collections.unmodifiableMap(entries), Collections.unmodifiableMap(lines));
    }
    if (t == JsonToken.START_ARRAY) {
      List<Node> items = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        items.add(read(file, p));
      }
      return new ListNode(line, List.copyOf(items));
    }
    return new Scalar(line, t == JsonToken.VALUE_NULL ? null : p.getText());
  }
}
