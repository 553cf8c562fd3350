package dev.refarch.experiments.plan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.spec.Reference;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes {@code plan.json}: the experiment's identity, sweep, baseline, planned trials, the paper's
 * reference figures and the SLO, in the layout reports read ({@value #FORMAT}).
 *
 * <p>Stateless and thread-safe.
 */
public final class PlanJson {

  public static final String FORMAT = "ycsb-mongo-refarch/plan/1";
  public static final String FILE = "plan.json";

  private PlanJson() {
  }

  public static String render(Plan plan) {
    var spec = plan.spec();
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeStringField("experiment", spec.id());
      g.writeStringField("title", spec.title());
      g.writeStringField("study", spec.study());
      g.writeStringField("source", spec.source());
      g.writeStringField("scale", spec.scale());
      if (plan.skipped().isPresent()) {
        g.writeStringField("skipped", plan.skipped().get());
      }
      g.writeObjectFieldStart("sweep");
      g.writeStringField("mode", spec.sweep().mode().name().toLowerCase(java.util.Locale.ROOT));
      g.writeArrayFieldStart("parameters");
      for (String p : spec.sweep().parameters().keySet()) {
        g.writeString(p);
      }
      g.writeEndArray();
      g.writeEndObject();
      Map<String, String> baseline = plan.baselineTrial().map(PlannedTrial::parameters).orElse(Map.of());
      writeMap(g, "baseline", spec.baseline().isEmpty() ? baseline : spec.baseline());
      g.writeArrayFieldStart("trials");
      for (PlannedTrial t : plan.trials()) {
        g.writeStartObject();
        g.writeStringField("id", t.id());
        writeMap(g, "parameters", t.parameters());
        g.writeNumberField("repetition", t.repetition());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeArrayFieldStart("references");
      for (Reference r : spec.references()) {
        g.writeStartObject();
        writeMap(g, "parameters", r.parameters());
        g.writeStringField("metric", r.metric());
        g.writeStringField("operation", r.operation());
        g.writeNumberField("value", r.value());
        g.writeStringField("unit", r.unit());
        g.writeStringField("source", r.source());
        g.writeEndObject();
      }
      g.writeEndArray();
      if (spec.slo().isPresent()) {
        g.writeObjectFieldStart("slo");
        g.writeStringField("operation", spec.slo().get().operation());
        g.writeStringField("metric", spec.slo().get().metric());
        g.writeNumberField("boundMs", spec.slo().get().boundMs());
        g.writeStringField("latency", spec.slo().get().latency());
        g.writeEndObject();
      } else {
        g.writeNullField("slo");
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private static void writeMap(JsonGenerator g, String name, Map<String, String> map) throws IOException {
    g.writeObjectFieldStart(name);
    for (var e : map.entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }
}
