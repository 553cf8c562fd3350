package dev.refarch.platform.santricity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Exchange;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * NetApp's swagger file of one API generation, and the checks the contract test makes with it: a
 * request's path and method exist, its query parameters are declared, its body has the required
 * fields and no field the definition lacks; a response holds only declared fields.
 */
public final class Swagger {

  /** From the module directory, where Maven runs the tests. */
  public static final Path DIRECTORY = Path.of("../../../shared/santricity");

  private static final String BASE = "/devmgr/v2/";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The one request outside the swagger files: the SYMbol pass-through. NetApp documents SYMbol
   * procedures in the SYMbol API reference, not in these files, and no REST resource fails a drive.
   */
  public static final Set<String> SYMBOL_PROCEDURES = Set.of("setDriveToFailed");

  private final JsonNode root;
  private final String file;

  private Swagger(JsonNode root, String file) {
    this.root = root;
    this.file = file;
  }

  /**
   * Loads the swagger file of {@code flavor} from {@link #DIRECTORY}.
   *
   * @throws AssertionError naming the path when the file is absent, so the contract test fails
   *     (never skips) without its reference
   */
  public static Swagger load(Flavor flavor) {
    return load(DIRECTORY, flavor);
  }

  public static Swagger load(Path directory, Flavor flavor) {
    String name = flavor == Flavor.V11_9X ? "swagger-11.9x.json" : "swagger-12.0x.json";
    Path file = directory.resolve(name);
    if (!Files.isRegularFile(file)) {
      throw new AssertionError("SANtricity swagger file not found: " + file.toAbsolutePath()
          .normalize() + ". The contract test checks every request against NetApp's API "
          + "definitions; put swagger-11.9x.json and swagger-12.0x.json in ../shared/santricity "
          + "(relative to the repository root), i.e. " + DIRECTORY + " from the module directory.");
    }
    try {
      return new Swagger(JSON.readTree(file.toFile()), name);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot parse " + file, e);
    }
  }

  public String file() {
    return file;
  }

  /** The definition's declared property names. */
  public Set<String> properties(String definition) {
    JsonNode props = root.path("definitions").path(definition).path("properties");
    if (props.isMissingNode()) {
      throw new AssertionError(file + " has no definition " + definition);
    }
    Set<String> names = new java.util.TreeSet<>();
    props.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** Everything wrong with one exchange, empty when it conforms. */
  public List<String> violations(Exchange e) {
    List<String> out = new ArrayList<>();
    String where = e.method() + " " + e.path() + (e.query().isEmpty() ? "" : "?" + e.query());
    if (!e.path().startsWith(BASE)) {
      out.add(where + ": not under " + BASE);
      return out;
    }
    String rel = "/" + e.path().substring(BASE.length());
    if (isSymbol(rel)) {
      checkSymbol(e, rel, where, out);
      return out;
    }
    String template = template(rel);
    if (template == null) {
      out.add(where + ": no path of " + file + " matches " + rel);
      return out;
    }
    JsonNode pathItem = root.path("paths").path(template);
    JsonNode operation = pathItem.path(e.method().toLowerCase(Locale.ROOT));
    if (operation.isMissingNode()) {
      out.add(where + ": " + template + " has no " + e.method() + " in " + file);
      return out;
    }
    checkQuery(e, operation, pathItem, where, out);
    checkBody(e, operation, where, out);
    checkResponse(e, operation, where, out);
    return out;
  }

  private static boolean isSymbol(String rel) {
    return rel.matches("/storage-systems/[^/]+/symbol/[^/]+");
  }

  private void checkSymbol(Exchange e, String rel, String where, List<String> out) {
    String procedure = rel.substring(rel.lastIndexOf('/') + 1);
    if (!SYMBOL_PROCEDURES.contains(procedure) || !e.method().equals("POST")) {
      out.add(where + ": SYMbol pass-through other than POST " + SYMBOL_PROCEDURES);
      return;
    }
    try {
      if (!JSON.readTree(e.requestBody()).isTextual()) {
        out.add(where + ": setDriveToFailed takes the drive reference as a JSON string");
      }
    } catch (IOException io) {
      out.add(where + ": body is not JSON: " + e.requestBody());
    }
  }

  /** The swagger path matching {@code rel}; literal segments win over parameters. */
  String template(String rel) {
    String best = null;
    int bestLiterals = -1;
    for (Iterator<String> it = root.path("paths").fieldNames(); it.hasNext(); ) {
      String candidate = it.next();
      String regex = Pattern.quote(candidate).replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q");
      if (rel.matches(regex)) {
        int literals = (int) java.util.Arrays.stream(candidate.split("/"))
            .filter(s -> !s.startsWith("{")).count();
        if (literals > bestLiterals) {
          best = candidate;
          bestLiterals = literals;
        }
      }
    }
    return best;
  }

  private void checkQuery(Exchange e, JsonNode operation, JsonNode pathItem, String where,
      List<String> out) {
    if (e.query().isEmpty()) {
      return;
    }
    Set<String> declared = new java.util.HashSet<>();
    for (JsonNode params : List.of(operation.path("parameters"), pathItem.path("parameters"))) {
      params.forEach(p -> {
        if ("query".equals(p.path("in").asText())) {
          declared.add(p.path("name").asText());
        }
      });
    }
    for (String pair : e.query().split("&")) {
      String name = pair.split("=", 2)[0];
      if (!declared.contains(name)) {
        out.add(where + ": query parameter '" + name + "' is not declared (declared: " + declared
            + ")");
      }
    }
  }

  private void checkBody(Exchange e, JsonNode operation, String where, List<String> out) {
    JsonNode bodyParam = null;
    for (JsonNode p : operation.path("parameters")) {
      if ("body".equals(p.path("in").asText())) {
        bodyParam = p;
      }
    }
    if (bodyParam == null) {
      if (!e.requestBody().isBlank()) {
        out.add(where + ": sends a body the operation does not take");
      }
      return;
    }
    if (e.requestBody().isBlank()) {
      if (bodyParam.path("required").asBoolean(false)) {
        out.add(where + ": the operation requires a body");
      }
      return;
    }
    JsonNode body;
    try {
      body = JSON.readTree(e.requestBody());
    } catch (IOException io) {
      out.add(where + ": body is not JSON");
      return;
    }
    String ref = bodyParam.path("schema").path("$ref").asText("");
    if (ref.isEmpty()) {
      return;
    }
    String definition = ref.substring(ref.lastIndexOf('/') + 1);
    JsonNode def = root.path("definitions").path(definition);
    def.path("required").forEach(r -> {
      if (!body.has(r.asText())) {
        out.add(where + ": body lacks required field '" + r.asText() + "' of " + definition);
      }
    });
    Set<String> declared = properties(definition);
    body.fieldNames().forEachRemaining(f -> {
      if (!declared.contains(f)) {
        out.add(where + ": body field '" + f + "' is not a property of " + definition);
      }
    });
  }

  private void checkResponse(Exchange e, JsonNode operation, String where, List<String> out) {
    if (e.status() >= 300 || e.responseBody().isBlank()) {
      return;
    }
    JsonNode schema = operation.path("responses").path(String.valueOf(e.status())).path("schema");
    if (schema.isMissingNode()) {
      out.add(where + ": answered " + e.status() + " with a body the swagger does not describe");
      return;
    }
    try {
      declaredOnly(JSON.readTree(e.responseBody()), schema, where + " response", out);
    } catch (IOException io) {
      out.add(where + ": response is not JSON");
    }
  }

  private void declaredOnly(JsonNode value, JsonNode schema, String where, List<String> out) {
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      String definition = ref.substring(ref.lastIndexOf('/') + 1);
      JsonNode def = root.path("definitions").path(definition);
      if (!value.isObject()) {
        out.add(where + ": expected an object (" + definition + "), got " + value.getNodeType());
        return;
      }
      JsonNode props = def.path("properties");
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (!props.has(field.getKey())) {
          out.add(where + ": field '" + field.getKey() + "' is not a property of " + definition);
        } else {
          declaredOnly(field.getValue(), props.get(field.getKey()), where + "." + field.getKey(),
              out);
        }
      }
    } else if ("array".equals(schema.path("type").asText())) {
      if (!value.isArray()) {
        out.add(where + ": expected an array, got " + value.getNodeType());
        return;
      }
      value.forEach(element -> declaredOnly(element, schema.path("items"), where + "[]", out));
    }
  }
}
