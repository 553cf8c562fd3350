package dev.refarch.experiments.spec;

import dev.refarch.experiments.spec.YamlTree.ListNode;
import dev.refarch.experiments.spec.YamlTree.MapNode;
import dev.refarch.experiments.spec.YamlTree.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reads the {@code baseline}, {@code references}, {@code variants}, {@code steady} and {@code slo}
 * sections of a spec.
 */
final class SectionReaders {

  private static final List<String> LATENCY = List.of("mean", "p50", "p90", "p95", "p99", "p99.9",
      "p99.99", "max");

  private final SpecReader r;
  private final String file;

  SectionReaders(SpecReader r, String file) {
    this.r = r;
    this.file = file;
  }

  /** The baseline point: each key a swept parameter, each value one of its values. */
  Map<String, String> baseline(MapNode m, Sweep sweep) {
    Map<String, String> baseline = r.scalars(m, "baseline");
    MapNode node = baseline.isEmpty() ? null : r.map(m.entries().get("baseline"), "baseline");
    baseline.forEach((k, v) -> {
      int line = node.keyLines().get(k);
      List<String> values = sweep.parameters().get(k);
      if (values == null) {
        throw new SpecException(file, line, "baseline." + k, v,
            "a swept parameter: " + String.join(", ", sweep.parameters().keySet()));
      }
      if (!values.contains(v)) {
        throw new SpecException(file, line, "baseline." + k, v, "one of its values: "
            + String.join(", ", values));
      }
    });
    return baseline;
  }

  private static final List<String> REFERENCE_KEYS = List.of("parameters", "metric", "operation",
      "value", "unit", "source", "transfers", "against");

  List<Reference> references(MapNode m) {
    Node n = m.entries().get("references");
    if (n == null) {
      return List.of();
    }
    if (!(n instanceof ListNode list)) {
      throw new SpecException(file, r.line(m, "references"), "references", "(not a list)",
          "a list of {" + String.join(", ", REFERENCE_KEYS) + "}");
    }
    List<Reference> out = new ArrayList<>();
    for (Node item : list.items()) {
      MapNode ref = r.map(item, "references[]");
      for (String key : ref.entries().keySet()) {
        if (!REFERENCE_KEYS.contains(key)) {
          throw new SpecException(file, ref.keyLines().get(key), "references[]." + key, key,
              String.join(", ", REFERENCE_KEYS));
        }
      }
      String metric = r.text(ref, "metric", null);
      if (!Reference.METRICS.contains(metric) || metric.isBlank()) {
        throw new SpecException(file, r.line(ref, "metric"), "references[].metric", metric,
            Reference.METRICS);
      }
      OptionalDouble value = r.optional(ref, "value").map(v -> OptionalDouble.of(r.parse(ref,
          "references[].value", v, "a number", Double::parseDouble, "value")))
          .orElse(OptionalDouble.empty());
      Optional<String> againstExperiment = Optional.empty();
      Map<String, String> against = Map.of();
      if (ref.entries().containsKey("against")) {
        MapNode a = r.map(ref.entries().get("against"), "references[].against");
        againstExperiment = r.optional(a, "experiment");
        against = a.entries().containsKey("parameters") ? r.scalars(a, "parameters")
            : scalarsExcept(a, "experiment");
      }
      out.add(new Reference(r.scalars(ref, "parameters"), metric, r.text(ref, "operation", "OVERALL"),
          value, r.text(ref, "unit", ""), r.text(ref, "source", ""), transfer(ref), against,
          againstExperiment));
    }
    return out;
  }

  private Map<String, String> scalarsExcept(MapNode m, String key) {
    Map<String, String> all = new java.util.LinkedHashMap<>();
    m.entries().forEach((k, v) -> {
      if (!k.equals(key)) {
        all.put(k, r.text(m, k, null));
      }
    });
    return all;
  }

  private static final List<String> TRANSFER_KEYS = List.of("direction", "atLeast", "atMost",
      "within", "why", "platform");

  /**
   * {@code transfers:} of a reference: a shape or the platform only; undeclared when absent. A
   * shape must say {@code why}: the rule its band comes from, or why only its direction
   * transfers; {@code atLeast}/{@code atMost} make it a band of sizes, their absence a direction
   * alone.
   */
  private Transfer transfer(MapNode ref) {
    if (!ref.entries().containsKey("transfers")) {
      return new Transfer.Undeclared();
    }
    MapNode t = r.map(ref.entries().get("transfers"), "references[].transfers");
    int line = r.line(ref, "transfers");
    for (String key : t.entries().keySet()) {
      if (!TRANSFER_KEYS.contains(key)) {
        throw new SpecException(file, t.keyLines().get(key), "references[].transfers." + key,
            key, String.join(", ", TRANSFER_KEYS));
      }
    }
    Optional<String> platform = r.optional(t, "platform");
    if (platform.isPresent()) {
      return new Transfer.PlatformOnly(platform.get());
    }
    String direction = r.optional(t, "direction").orElseThrow(() -> new SpecException(file, line,
        "references[].transfers", "(no direction or platform)", Transfer.FORM));
    if (!List.of("up", "down", "flat").contains(direction)) {
      throw new SpecException(file, r.line(t, "direction"), "references[].transfers.direction",
          direction, "up, down, flat");
    }
    String why = r.optional(t, "why").filter(w -> !w.isBlank()).orElseThrow(() ->
        new SpecException(file, line, "references[].transfers.why", "(missing)", "the rule the"
            + " band comes from (e.g. \"the paper's ratio, from its square root to its square\")"
            + " or why only the direction transfers"));
    boolean sized = t.entries().containsKey("atLeast") || t.entries().containsKey("atMost");
    if (direction.equals("flat")) {
      double within = r.optional(t, "within").map(v -> percent(t, "within", 0)).orElseThrow(() ->
          new SpecException(file, line, "references[].transfers.within", "(missing)",
              "a percentage: flat is a size, so it needs its band"));
      return Transfer.Shape.flat(within, why);
    }
    if (!sized) {
      return direction.equals("up") ? Transfer.Shape.up(why) : Transfer.Shape.down(why);
    }
    double atLeast = percent(t, "atLeast", 0);
    double atMost = percent(t, "atMost", Double.POSITIVE_INFINITY);
    if (atLeast > atMost) {
      throw new SpecException(file, line, "references[].transfers", "atLeast " + atLeast
          + ", atMost " + atMost, "atLeast <= atMost");
    }
    return direction.equals("up") ? Transfer.Shape.up(atLeast, atMost, why)
        : Transfer.Shape.down(atLeast, atMost, why);
  }

  private double percent(MapNode t, String key, double fallback) {
    return r.optional(t, key).map(v -> r.parse(t, "references[].transfers." + key, v,
        "a percentage, e.g. 10", s -> Math.abs(Double.parseDouble(s.replace("%", "").trim())), key))
        .orElse(fallback);
  }

  private static final String REPETITIONS_FORM = "an integer from 1 to "
      + ExperimentSpec.MAX_REPETITIONS + ", auto, or {min: <n>, max: <n>[, budget: <duration,"
      + " e.g. 6m>]}";

  /**
   * {@code repetitions:} a count, {@code auto} ({@value AutoRepetitions#DEFAULT_MIN} to
   * {@value AutoRepetitions#DEFAULT_MAX}), or {@code {min: 2, max: 5, budget: 6m}}.
   */
  void repetitions(MapNode m, ExperimentSpec.Builder b) {
    Node n = m.entries().get("repetitions");
    if (n == null) {
      return;
    }
    int line = r.line(m, "repetitions");
    if (n instanceof YamlTree.Scalar scalar && "auto".equals(scalar.value())) {
      b.repetitions(AutoRepetitions.DEFAULT_MIN, AutoRepetitions.DEFAULT_MAX, Optional.empty());
      return;
    }
    if (!(n instanceof MapNode rep)) {
      b.repetitions(r.integer(m, "repetitions", 1, 1, ExperimentSpec.MAX_REPETITIONS));
      return;
    }
    for (String key : rep.entries().keySet()) {
      if (!List.of("min", "max", "budget").contains(key)) {
        throw new SpecException(file, rep.keyLines().get(key), "repetitions." + key, key,
            "min, max, budget");
      }
    }
    int min = r.integer(rep, "min", AutoRepetitions.DEFAULT_MIN, 1, ExperimentSpec.MAX_REPETITIONS);
    int max = r.integer(rep, "max", AutoRepetitions.DEFAULT_MAX, 1, ExperimentSpec.MAX_REPETITIONS);
    if (min > max) {
      throw new SpecException(file, line, "repetitions", "min " + min + ", max " + max,
          "min <= max (" + REPETITIONS_FORM + ")");
    }
    Optional<Duration> budget = r.optional(rep, "budget").map(v -> r.parse(rep,
        "repetitions.budget", v, Durations.FORM, Durations::parse,
        "budget"));
    b.repetitions(min, max, budget);
  }

  /** {@code steady: {window: 10s, band: 0.1, cv: 0.25, max: 60s}}. */
  UntilSteady steady(MapNode s) {
    for (String key : s.entries().keySet()) {
      if (!List.of("window", "band", "cv", "max", "min").contains(key)) {
        throw new SpecException(file, s.keyLines().get(key), "steady." + key, key,
            "window, band, cv, max, min");
      }
    }
    SteadyRule d = SteadyRule.DEFAULT;
    int window = (int) seconds(s, "window", d.windowSeconds());
    double band = fraction(s, "band", d.band());
    double cv = fraction(s, "cv", d.maxCv());
    long max = seconds(s, "max", 60);
    long min = seconds(s, "min", window);
    try {
      return new UntilSteady(new SteadyRule(window, band, cv), java.time.Duration.ofSeconds(max),
          java.time.Duration.ofSeconds(min));
    } catch (IllegalArgumentException e) {
      throw new SpecException(file, s.line(), "steady", "window " + window + "s, band " + band
          + ", cv " + cv + ", max " + max + "s" + (s.entries().containsKey("min") ? ", min " + min
          + "s" : ""), e.getMessage());
    }
  }

  private long seconds(MapNode s, String key, long fallback) {
    return r.optional(s, key).map(v -> r.parse(s, "steady." + key, v, "seconds, e.g. 10s",
        t -> {
          long n = Long.parseLong(t.trim().replaceAll("s$", ""));
          if (n < 1) {
            throw new IllegalArgumentException(t);
          }
          return n;
        }, key)).orElse(fallback);
  }

  private double fraction(MapNode s, String key, double fallback) {
    return r.optional(s, key).map(v -> r.parse(s, "steady." + key, v, "a fraction, e.g. 0.1",
        Double::parseDouble, key)).orElse(fallback);
  }

  /** {@code variants:} name to {@code {properties: {...}, faults: "..."}}, and who picks them. */
  Map<String, Variant> variants(MapNode m, Sweep sweep, ClusterSpec cluster) {
    Node n = m.entries().get("variants");
    List<String> picked = sweep.parameters().getOrDefault("variant", List.of());
    MapNode named = n == null ? new MapNode(m.line(), Map.of(), Map.of()) : r.map(n, "variants");
    Map<String, Variant> out = new java.util.LinkedHashMap<>();
    named.entries().forEach((name, node) -> {
      MapNode v = r.map(node, "variants." + name);
      for (String key : v.entries().keySet()) {
        if (!key.equals("properties") && !key.equals("faults")) {
          throw new SpecException(file, v.keyLines().get(key), "variants." + name + "." + key, key,
              "properties, faults");
        }
      }
      Map<String, String> props = r.scalars(v, "properties");
      r.validateProperties(v, "properties", props);
      out.put(name, new Variant(props, r.optional(v, "faults").map(f -> r.faults(v,
          "variants." + name + ".faults", f, cluster, "faults"))));
    });
    for (String p : picked) {
      if (!named.entries().containsKey(p)) {
        throw new SpecException(file, r.line(m, "sweep"), "sweep.parameters.variant", p,
            named.entries().isEmpty() ? "names under variants: (there are none)"
                : "a name under variants: " + String.join(", ", named.entries().keySet()));
      }
    }
    return out;
  }

  SloSpec slo(MapNode s) {
    for (String key : s.entries().keySet()) {
      if (!List.of("operation", "metric", "boundMs", "steps", "latency").contains(key)) {
        throw new SpecException(file, s.keyLines().get(key), "slo." + key, key,
            "operation, metric, boundMs, steps, latency");
      }
    }
    String operation = r.text(s, "operation", null);
    String metric = r.text(s, "metric", "p99");
    if (!LATENCY.contains(metric)) {
      throw new SpecException(file, r.line(s, "metric"), "slo.metric", metric, SloSpec.METRICS);
    }
    String bound = r.text(s, "boundMs", null);
    double boundMs = r.parse(s, "slo.boundMs", bound, "a positive number of milliseconds",
        Double::parseDouble, "boundMs");
    if (!(boundMs > 0)) {
      throw new SpecException(file, r.line(s, "boundMs"), "slo.boundMs", bound,
          "a positive number of milliseconds");
    }
    String latency = r.text(s, "latency", "response");
    if (!latency.equals("response") && !latency.equals("service")) {
      throw new SpecException(file, r.line(s, "latency"), "slo.latency", latency, "response, service");
    }
    return new SloSpec(operation, metric, boundMs, r.integer(s, "steps", 6, 1, 20), latency);
  }
}
