package dev.refarch.platform.santricity.api.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one {@link ObjectMapper} of the client: unknown properties are ignored (the records hold only
 * what the adapter uses), nulls are left out of request bodies.
 *
 * <p>Thread-safe.
 */
public final class Json {

  public static final ObjectMapper MAPPER = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build();

  private Json() {
  }

  /** {@code node} as a {@code type}; {@code null} for a missing or null node. */
  public static <T> T read(JsonNode node, Class<T> type) {
    if (node == null || node.isMissingNode() || node.isNull()) {
      return null;
    }
    return MAPPER.convertValue(node, type);
  }

  /** {@code node} as a list: an array gives its elements, a single object a list of one. */
  public static <T> List<T> readList(JsonNode node, Class<T> type) {
    List<T> out = new ArrayList<>();
    if (node == null || node.isMissingNode() || node.isNull()) {
      return out;
    }
    if (node.isArray()) {
      node.forEach(element -> out.add(MAPPER.convertValue(element, type)));
    } else if (node.isObject() && node.size() > 0) {
      out.add(MAPPER.convertValue(node, type));
    }
    return out;
  }

  /** A request body from key/value pairs, in order, leaving out {@code null} values. */
  public static Map<String, Object> body(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values come in pairs");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (keysAndValues[i + 1] != null) {
        out.put((String) keysAndValues[i], keysAndValues[i + 1]);
      }
    }
    return out;
  }
}
