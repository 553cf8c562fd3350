package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import dev.refarch.experiments.spec.Transfer;

/**
 * Reads an experiment's {@code plan.json} (layout {@value StoredPlan#FORMAT}, or version 1) into a
 * {@link StoredPlan}.
 *
 * <p>Stateless and thread-safe. A field with a wrong value fails with a {@link
 * ConfigurationException} naming the field by its path in the file, e.g.
 * {@code plan.json references[1].metric='p98' is not allowed; allowed: throughput, mean, …}.
 */
public final class StoredPlanJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private StoredPlanJson() {
  }

  /**
   * Reads {@code file}.
   *
   * @throws ReportException when the file is missing or not JSON
   * @throws ConfigurationException when a field is missing or has a value not allowed
   */
  public static StoredPlan read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new ReportException(file, "no plan and no trial folders: the experiment runner"
          + " writes plan.json before the first trial, SloTrial a folder per trial (each with"
          + " trial.json); point the report at results/<experiment>/ or target/slo-results/slo/",
          e);
    } catch (IOException e) {
      throw new ReportException(file, "cannot read the plan: " + e.getMessage(), e);
    }
    return parse(root);
  }

  /** The plan in {@code root}, a parsed {@code plan.json}. */
  static StoredPlan parse(JsonNode root) {
    String format = root.path("format").asText(null);
    if (!StoredPlan.FORMATS.contains(format)) {
      throw new ConfigurationException(key("format"), format, String.join(", ", StoredPlan.FORMATS));
    }
    JsonNode sweep = root.path("sweep");
    List<String> swept = new ArrayList<>();
    sweep.path("parameters").forEach(p -> swept.add(p.asText()));
    List<StoredPlan.PlannedTrial> trials = new ArrayList<>();
    JsonNode trialNodes = root.path("trials");
    for (int i = 0; i < trialNodes.size(); i++) {
      JsonNode t = trialNodes.get(i);
      trials.add(new StoredPlan.PlannedTrial(required(t, "id", "trials[" + i + "].id"),
          strings(t.path("parameters")), t.path("repetition").asInt(1), shape(t),
          text(t.path("unavailable")), t.path("conditional").asBoolean(false)));
    }
    List<StoredPlan.Reference> references = new ArrayList<>();
    JsonNode refNodes = root.path("references");
    for (int i = 0; i < refNodes.size(); i++) {
      references.add(reference(refNodes.get(i), "references[" + i + "]"));
    }
    return new StoredPlan(required(root, "experiment", "experiment"), root.path("title").asText(""),
        root.path("study").asText(""), root.path("source").asText(""),
        root.path("scale").asText(""),
        new StoredPlan.Sweep(sweep.path("mode").asText(""), swept), strings(root.path("baseline")),
        trials, references, slo(root.path("slo")), run(root.path("run")));
  }

  private static Optional<StoredPlan.Run> run(JsonNode run) {
    if (!run.isObject()) {
      return Optional.empty();
    }
    JsonNode u = run.path("untilSteady");
    Optional<String> until = u.isObject() ? Optional.of(String.format(java.util.Locale.ROOT,
        "%d s without a trend beyond ±%.0f %% and cv ≤ %.0f %%, at most %d s measured%s",
        u.path("windowSeconds").asInt(), u.path("band").asDouble() * 100,
        u.path("maxCv").asDouble() * 100, u.path("maxSeconds").asInt(),
        u.path("minSeconds").asInt(0) > u.path("windowSeconds").asInt()
            ? ", at least " + u.path("minSeconds").asInt() + " s" : "")) : Optional.empty();
    JsonNode auto = run.path("autoRepetitions");
    Optional<String> automatic = auto.isObject() ? Optional.of(String.format(java.util.Locale.ROOT,
        "%d to %d: another round while a verdict on a point is inconclusive%s",
        auto.path("min").asInt(), run.path("repetitions").asInt(1),
        auto.path("budgetSeconds").isNumber() ? String.format(java.util.Locale.ROOT,
            ", while it fits in %d s", auto.path("budgetSeconds").asLong()) : ""))
        : Optional.empty();
    return Optional.of(new StoredPlan.Run(run.path("warmup").asText(""), until,
        run.path("repetitions").asInt(1), automatic));
  }

  /** {@code rs=1 · 1 client × 8 threads}, from a version-2 trial entry; empty for version 1. */
  private static String shape(JsonNode t) {
    if (!t.has("topology")) {
      return "";
    }
    int clients = t.path("clients").asInt(1);
    int perClient = t.path("threadsPerClient").asInt(1);
    return t.path("topology").asText() + text(t.path("sharding")).map(s -> " (" + s + ")").orElse("")
        + " · " + clients + (clients == 1 ? " client × " : " clients × ") + perClient
        + (perClient == 1 ? " thread" : " threads") + (clients > 1 ? " = " + clients * perClient : "")
        + text(t.path("faults")).map(f -> " · faults " + f).orElse("");
  }

  private static Optional<String> text(JsonNode n) {
    return n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
  }

  private static StoredPlan.Reference reference(JsonNode r, String at) {
    Quantity metric = Quantity.parse(key(at + ".metric"), r.path("metric").asText(null));
    JsonNode value = r.path("value");
    if (!value.isNumber() && !value.isNull()) {
      throw new ConfigurationException(key(at + ".value"), value.isMissingNode() ? null
          : value.toString(), "a number in the reference's unit, or null");
    }
    JsonNode against = r.path("against");
    return new StoredPlan.Reference(strings(r.path("parameters")), metric,
        r.path("operation").asText(Quantity.OVERALL),
        value.isNumber() ? OptionalDouble.of(value.asDouble()) : OptionalDouble.empty(),
        r.path("unit").asText(metric.unit()), r.path("source").asText(""),
        transfer(r.path("transfers"), at), strings(against.path("parameters")),
        text(against.path("experiment")));
  }

  private static Transfer transfer(JsonNode t, String at) {
    if (t.path("platform").isTextual()) {
      return new Transfer.PlatformOnly(t.path("platform").asText());
    }
    if (!t.path("shape").isTextual()) {
      return new Transfer.Undeclared();
    }
    String direction = t.path("shape").asText();
    if (!List.of("up", "down", "flat").contains(direction)) {
      throw new ConfigurationException(key(at + ".transfers.shape"), direction, "up, down, flat");
    }
    // plans written before shapes said why held bands of sizes only
    boolean magnitude = t.path("magnitude").asBoolean(true);
    return new Transfer.Shape(direction, bound(t.path("lowPct"), magnitude
        ? Double.NEGATIVE_INFINITY : -100), bound(t.path("highPct"), Double.POSITIVE_INFINITY),
        magnitude || direction.equals("flat"), t.path("why").asText("(not recorded in this plan)"));
  }

  private static double bound(JsonNode n, double open) {
    return n.isNumber() ? n.asDouble() : open;
  }

  private static Optional<StoredPlan.Slo> slo(JsonNode slo) {
    if (slo.isMissingNode() || slo.isNull()) {
      return Optional.empty();
    }
    Quantity metric = Quantity.parse(key("slo.metric"), slo.path("metric").asText(null));
    if (!metric.isLatency()) {
      throw new ConfigurationException(key("slo.metric"), metric.label(),
          "a latency statistic: mean, p50, p90, p95, p99, p99.9, p99.99, max");
    }
    JsonNode bound = slo.path("boundMs");
    if (!bound.isNumber() || bound.asDouble() <= 0) {
      throw new ConfigurationException(key("slo.boundMs"), bound.isMissingNode() ? null
          : bound.toString(), "a positive number of milliseconds");
    }
    return Optional.of(new StoredPlan.Slo(slo.path("operation").asText(Quantity.OVERALL), metric,
        bound.asDouble()));
  }

  private static String required(JsonNode node, String field, String at) {
    JsonNode v = node.path(field);
    if (!v.isTextual() || v.asText().isBlank()) {
      throw new ConfigurationException(key(at), v.isMissingNode() ? null : v.toString(),
          "a non-empty string");
    }
    return v.asText();
  }

  /** An object of scalars as strings, in file order; numbers as written (e.g. {@code 128}). */
  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : object.properties()) {
      out.put(e.getKey(), e.getValue().asText());
    }
    return out;
  }

  private static String key(String at) {
    return StoredPlan.FILE + " " + at;
  }
}
