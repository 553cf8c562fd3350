package dev.refarch.experiments.plan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Reference;
import dev.refarch.experiments.spec.Transfer;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes {@code plan.json}: the experiment's identity, sweep, baseline, how long runs last, planned
 * trials (each with its topology, sharding, clients, threads per client and in all, faults, and
 * why it cannot run here if so), the paper's reference figures with what of each transfers, and
 * the SLO, in the layout reports read ({@value #FORMAT}; version 2 added the trials' shapes, the
 * run length and the references' {@code transfers} and {@code against}, and made a reference's
 * {@code value} optional).
 *
 * <p>Stateless and thread-safe.
 */
public final class PlanJson {

  public static final String FORMAT = "ycsb-mongo-refarch/plan/2";
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
      writeRun(g, spec);
      g.writeArrayFieldStart("trials");
      for (PlannedTrial t : plan.trials()) {
        writeTrial(g, plan, t);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("references");
      for (Reference r : spec.references()) {
        writeReference(g, r);
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

  private static void writeRun(JsonGenerator g, ExperimentSpec spec) throws IOException {
    g.writeObjectFieldStart("run");
    g.writeStringField("warmup", spec.warmup().toString());
    if (spec.untilSteady().isPresent()) {
      var u = spec.untilSteady().get();
      g.writeObjectFieldStart("untilSteady");
      g.writeNumberField("windowSeconds", u.rule().windowSeconds());
      g.writeNumberField("band", u.rule().band());
      g.writeNumberField("maxCv", u.rule().maxCv());
      g.writeNumberField("maxSeconds", u.max().toSeconds());
      g.writeNumberField("minSeconds", u.min().toSeconds());
      g.writeEndObject();
    } else {
      g.writeNullField("untilSteady");
    }
    g.writeNumberField("repetitions", spec.repetitions());
    if (spec.autoRepetitions().isPresent()) {
      g.writeObjectFieldStart("autoRepetitions");
      g.writeNumberField("min", spec.autoRepetitions().get().min());
      if (spec.autoRepetitions().get().budget().isPresent()) {
        g.writeNumberField("budgetSeconds", spec.autoRepetitions().get().budget().get()
            .toSeconds());
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeTrial(JsonGenerator g, Plan plan, PlannedTrial t) throws IOException {
    TrialShape shape = t.shape();
    g.writeStartObject();
    g.writeStringField("id", t.id());
    writeMap(g, "parameters", t.parameters());
    g.writeNumberField("repetition", t.repetition());
    if (plan.conditional(t)) {
      g.writeBooleanField("conditional", true);
    }
    g.writeStringField("topology", shape.topology().label());
    g.writeStringField("sharding", shape.sharding().orElse(null));
    g.writeNumberField("clients", shape.clients());
    g.writeNumberField("threadsPerClient", shape.threadsPerClient());
    g.writeNumberField("totalThreads", shape.totalThreads());
    g.writeStringField("faults", shape.faults().isEmpty() ? null : shape.faults().toString());
    if (plan.unavailable().containsKey(t.id())) {
      g.writeStringField("unavailable", plan.unavailable().get(t.id()));
    }
    g.writeEndObject();
  }

  private static void writeReference(JsonGenerator g, Reference r) throws IOException {
    g.writeStartObject();
    writeMap(g, "parameters", r.parameters());
    g.writeStringField("metric", r.metric());
    g.writeStringField("operation", r.operation());
    if (r.value().isPresent()) {
      g.writeNumberField("value", r.value().getAsDouble());
    } else {
      g.writeNullField("value");
    }
    g.writeStringField("unit", r.unit());
    g.writeStringField("source", r.source());
    g.writeObjectFieldStart("transfers");
    if (r.transfer() instanceof Transfer.Shape s) {
      g.writeStringField("shape", s.direction());
      bound(g, "lowPct", s.lowPct());
      bound(g, "highPct", s.highPct());
      g.writeBooleanField("magnitude", s.magnitude());
      g.writeStringField("why", s.why());
    } else if (r.transfer() instanceof Transfer.PlatformOnly p) {
      g.writeStringField("platform", p.why());
    }
    g.writeEndObject();
    if (!r.against().isEmpty() || r.againstExperiment().isPresent()) {
      g.writeObjectFieldStart("against");
      g.writeStringField("experiment", r.againstExperiment().orElse(null));
      writeMap(g, "parameters", r.against());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /** A band's end; an open end ({@code ±Infinity}) is null. */
  private static void bound(JsonGenerator g, String name, double v) throws IOException {
    if (Double.isInfinite(v)) {
      g.writeNullField(name);
    } else {
      g.writeNumberField(name, v);
    }
  }

  private static void writeMap(JsonGenerator g, String name, Map<String, String> map) throws IOException {
    g.writeObjectFieldStart(name);
    for (var e : map.entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }
}
