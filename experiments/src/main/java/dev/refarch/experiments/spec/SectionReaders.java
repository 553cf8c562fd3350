package dev.refarch.experiments.spec;

import dev.refarch.experiments.spec.YamlTree.ListNode;
import dev.refarch.experiments.spec.YamlTree.MapNode;
import dev.refarch.experiments.spec.YamlTree.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads the {@code baseline}, {@code references} and {@code slo} sections of a spec. */
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

  List<Reference> references(MapNode m) {
    Node n = m.entries().get("references");
    if (n == null) {
      return List.of();
    }
    if (!(n instanceof ListNode list)) {
      throw new SpecException(file, r.line(m, "references"), "references", "(not a list)",
          "a list of {parameters, metric, operation, value, unit, source}");
    }
    List<Reference> out = new ArrayList<>();
    for (Node item : list.items()) {
      MapNode ref = r.map(item, "references[]");
      for (String key : ref.entries().keySet()) {
        if (!List.of("parameters", "metric", "operation", "value", "unit", "source").contains(key)) {
          throw new SpecException(file, ref.keyLines().get(key), "references[]." + key, key,
              "parameters, metric, operation, value, unit, source");
        }
      }
      String metric = r.text(ref, "metric", null);
      if (!Reference.METRICS.contains(metric) || metric.isBlank()) {
        throw new SpecException(file, r.line(ref, "metric"), "references[].metric", metric,
            Reference.METRICS);
      }
      String value = r.text(ref, "value", null);
      double v = r.parse(ref, "references[].value", value, "a number", Double::parseDouble, "value");
      out.add(new Reference(r.scalars(ref, "parameters"), metric, r.text(ref, "operation", "OVERALL"),
          v, r.text(ref, "unit", ""), r.text(ref, "source", "")));
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
