package dev.refarch.experiments.report.format;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.report.ComparisonRow;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialRecord;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes {@code comparison.json} (layout {@value #FORMAT}) and {@code comparison.csv}: one entry
 * per set of parameters, operation type and metric, with A's and B's figures, {@code delta =
 * b − a} in the metric's unit, the change {@code deltaPct} with its 95 % interval {@code ci95} and
 * what it says ({@code difference}: faster, slower, higher, lower, no detectable difference,
 * inconclusive or not attributable when the machine's own speed changed as much, or unknown, and
 * {@code why} when not judged), and the machine's change ({@code machine}). A side without the figure
 * is {@code null} in JSON and empty in CSV. Numbers have three decimals and a dot in every locale.
 *
 * <p>Stateless and thread-safe.
 */
final class ComparisonFormats {

  static final String FORMAT = "ycsb-mongo-refarch/comparison/3";

  private ComparisonFormats() {
  }

  static String json(Comparison.Side a, Comparison.Side b, List<ComparisonRow> rows) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = ReportJson.JSON.createGenerator(out).useDefaultPrettyPrinter()) {
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      side(g, "a", a);
      side(g, "b", b);
      g.writeStringField("latency", "service time in ms, from the trials' merged HDR histograms"
          + " over each trial's judged window; a side's figure is the geometric mean of a"
          + " point's completed repetitions (the mean for a figure that can be 0), the change"
          + " from A to B comes with its 95 % confidence interval");
      g.writeArrayFieldStart("rows");
      for (ComparisonRow r : rows) {
        g.writeStartObject();
        ReportJson.map(g, "parameters", r.parameters());
        g.writeStringField("operation", r.operation());
        g.writeStringField("metric", r.metric().label());
        g.writeStringField("unit", r.metric().unit());
        ReportJson.optional(g, "a", r.a());
        ReportJson.optional(g, "b", r.b());
        ReportJson.optional(g, "delta", r.delta());
        ReportJson.optional(g, "deltaPct", r.deltaPct());
        if (r.effect().isPresent() && r.effect().get().ci95().isPresent()) {
          g.writeArrayFieldStart("ci95");
          ReportJson.element(g, r.effect().get().ci95().get().low());
          ReportJson.element(g, r.effect().get().ci95().get().high());
          g.writeEndArray();
        } else {
          g.writeNullField("ci95");
        }
        g.writeStringField("difference", r.difference().label());
        g.writeStringField("method", r.effect().map(e -> e.method()).orElse(null));
        machine(g, r);
        g.writeStringField("why", r.why().orElse(null));
        g.writeNumberField("aCompleted", r.aCompleted());
        g.writeNumberField("bCompleted", r.bCompleted());
        g.writeEndObject();
      }
      g.writeEndArray();
      only(g, "onlyInA", Comparison.onlyIn(a, b));
      only(g, "onlyInB", Comparison.onlyIn(b, a));
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  /**
   * {@code machine}: the change of the probe's CPU time per unit from A's trials to B's with its
   * interval, and what it alone would make of this figure; null without readings on both sides.
   */
  private static void machine(JsonGenerator g, ComparisonRow r) throws IOException {
    if (r.machine().isEmpty()) {
      g.writeNullField("machine");
      return;
    }
    var probe = r.machine().get().probe();
    g.writeObjectFieldStart("machine");
    ReportJson.optional(g, "probePct", java.util.OptionalDouble.of(probe.pct()));
    if (probe.ci95().isPresent()) {
      g.writeArrayFieldStart("probeCi95");
      ReportJson.element(g, probe.ci95().get().low());
      ReportJson.element(g, probe.ci95().get().high());
      g.writeEndArray();
    }
    g.writeBooleanField("changed", r.machine().get().detected());
    ReportJson.optional(g, "alonePct", r.machineAlone());
    g.writeEndObject();
  }

  private static void side(JsonGenerator g, String name, Comparison.Side side) throws IOException {
    StoredPlan plan = side.results().plan();
    g.writeObjectFieldStart(name);
    g.writeStringField("folder", side.label());
    g.writeStringField("experiment", plan.experiment());
    g.writeStringField("title", plan.title());
    g.writeNumberField("trials", side.results().trials().size());
    g.writeNumberField("completed", side.results().trials().stream()
        .filter(t -> t.status() == TrialRecord.Status.COMPLETED).count());
    g.writeEndObject();
  }

  private static void only(JsonGenerator g, String name, List<Map<String, String>> parameters)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (Map<String, String> p : parameters) {
      g.writeStartObject();
      for (Map.Entry<String, String> e : p.entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  static String csv(Comparison.Side a, Comparison.Side b, List<ComparisonRow> rows) {
    List<String> parameters = parameterColumns(a, b);
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(parameters);
    header.addAll(List.of("operation", "metric", "unit", "a", "b", "delta", "delta_pct",
        "ci95_low", "ci95_high", "difference", "a_completed", "b_completed"));
    ReportCsv.line(out, header);
    for (ComparisonRow r : rows) {
      List<String> cells = new ArrayList<>();
      parameters.forEach(name -> cells.add(r.parameters().getOrDefault(name, "")));
      cells.addAll(List.of(r.operation(), r.metric().label(), r.metric().unit(), cell(r.a()),
          cell(r.b()), cell(r.delta()), cell(r.deltaPct()), ci(r, true), ci(r, false),
          r.difference().label(), String.valueOf(r.aCompleted()),
          String.valueOf(r.bCompleted())));
      ReportCsv.line(out, cells);
    }
    return out.toString();
  }

  static List<String> parameterColumns(Comparison.Side a, Comparison.Side b) {
    Set<String> names = new LinkedHashSet<>(ReportCsv.parameterColumns(a.results()));
    names.addAll(ReportCsv.parameterColumns(b.results()));
    return List.copyOf(names);
  }

  private static String ci(ComparisonRow r, boolean low) {
    return r.effect().flatMap(e -> e.ci95()).map(c -> ReportCsv.number(low ? c.low() : c.high()))
        .orElse("");
  }

  private static String cell(java.util.OptionalDouble v) {
    return v.isPresent() ? ReportCsv.number(v.getAsDouble()) : "";
  }
}
