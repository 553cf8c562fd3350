package dev.refarch.experiments.report.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.SloMark;
import dev.refarch.experiments.report.Stat;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.report.Verdict;
import dev.refarch.experiments.report.Verdicts;
import dev.refarch.experiments.stats.Effect;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Writes {@code report.json} (layout {@value #FORMAT}): the plan's header and run length, every
 * point with the median, min, max, mean and 95 % confidence interval of each figure, its sample
 * count and how many repetitions were steady, every trial with its own figures, steadiness,
 * clients, cores and faults (each with its election time, platform-side durations and
 * interruption per operation type), the reference checks with their verdicts, the SLO marks and
 * the SLO searches (every probe, the bracket, the answer or why there is none). Numbers have three decimals and a dot in every locale; figures a
 * trial did not measure are absent, changes that cannot be computed are {@code null}.
 *
 * <p>Stateless and thread-safe.
 */
final class ReportJson {

  static final String FORMAT = "ycsb-mongo-refarch/report/2";
  static final JsonFactory JSON = JsonFactory.builder()
      .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

  private ReportJson() {
  }

  static String render(ExperimentResults r, List<ReferenceCheck> checks, List<SloMark> marks) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
      StoredPlan plan = r.plan();
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeStringField("experiment", plan.experiment());
      g.writeStringField("title", plan.title());
      g.writeStringField("study", plan.study());
      g.writeStringField("source", plan.source());
      g.writeStringField("scale", plan.scale());
      g.writeObjectFieldStart("sweep");
      g.writeStringField("mode", plan.sweep().mode());
      g.writeArrayFieldStart("parameters");
      for (String p : plan.sweep().parameters()) {
        g.writeString(p);
      }
      g.writeEndArray();
      g.writeStringField("xAxis", r.xParameter().orElse(null));
      g.writeEndObject();
      map(g, "baseline", plan.baseline());
      run(g, plan);
      g.writeStringField("repetitionRounds", r.rounds().orElse(null));
      g.writeStringField("latency", "service time in ms, from the trials' merged HDR histograms");
      counts(g, r.trials());
      g.writeArrayFieldStart("unplanned");
      for (String u : r.unplanned()) {
        g.writeString(u);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("points");
      for (Point p : r.points()) {
        point(g, r, p);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("trials");
      for (TrialRecord t : r.trials()) {
        ReportTrialJson.trial(g, t);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("references");
      for (ReferenceCheck c : checks) {
        reference(g, c);
      }
      g.writeEndArray();
      slo(g, plan.slo(), marks);
      ReportSloJson.searches(g, r.sloSearches());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private static void counts(JsonGenerator g, List<TrialRecord> trials) throws IOException {
    g.writeObjectFieldStart("trialCounts");
    g.writeNumberField("planned", trials.size());
    for (TrialRecord.Status s : TrialRecord.Status.values()) {
      g.writeNumberField(s.label(), trials.stream().filter(t -> t.status() == s).count());
    }
    g.writeEndObject();
  }

  private static void point(JsonGenerator g, ExperimentResults r, Point p) throws IOException {
    g.writeStartObject();
    map(g, "parameters", p.parameters());
    g.writeBooleanField("baseline", r.baselinePoint().filter(p::equals).isPresent());
    if (r.plan().slo().isPresent()) {
      StoredPlan.Slo slo = r.plan().slo().get();
      g.writeBooleanField("meetsSlo", SloMark.meets(slo, p.median(slo.operation(), slo.metric())));
    }
    g.writeArrayFieldStart("trials");
    for (TrialRecord t : p.trials()) {
      g.writeString(t.id());
    }
    g.writeEndArray();
    for (TrialRecord.Status s : TrialRecord.Status.values()) {
      g.writeNumberField(s.label(), p.count(s));
    }
    g.writeNumberField("steady", p.steadyCount());
    g.writeObjectFieldStart("values");
    for (String op : p.operations()) {
      g.writeObjectFieldStart(op);
      g.writeNumberField("samples", p.samples(op));
      for (Quantity m : Quantity.values()) {
        Optional<Stat> stat = p.stat(op, m);
        if (stat.isPresent()) {
          g.writeObjectFieldStart(m.label());
          number(g, "median", stat.get().median());
          number(g, "min", stat.get().min());
          number(g, "max", stat.get().max());
          g.writeNumberField("n", stat.get().count());
          number(g, "mean", stat.get().mean());
          number(g, "ci95", stat.get().ci95());
          if (p.samples(op) < Verdicts.samplesNeeded(m)) {
            g.writeStringField("flag", "from " + p.samples(op) + " samples, fewer than the "
                + Verdicts.samplesNeeded(m) + " a " + m.label() + " needs");
          }
          g.writeEndObject();
        }
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void run(JsonGenerator g, StoredPlan plan) throws IOException {
    if (plan.run().isEmpty()) {
      g.writeNullField("run");
      return;
    }
    g.writeObjectFieldStart("run");
    g.writeStringField("warmup", plan.run().get().warmup());
    g.writeStringField("untilSteady", plan.run().get().untilSteady().orElse(null));
    g.writeNumberField("repetitions", plan.run().get().repetitions());
    g.writeStringField("automaticRepetitions", plan.run().get().automatic().orElse(null));
    g.writeEndObject();
  }

  private static void reference(JsonGenerator g, ReferenceCheck c) throws IOException {
    StoredPlan.Reference ref = c.reference();
    g.writeStartObject();
    map(g, "parameters", ref.parameters());
    g.writeStringField("metric", ref.metric().label());
    g.writeStringField("operation", ref.operation());
    g.writeStringField("unit", ref.unit());
    g.writeStringField("source", ref.source());
    g.writeStringField("transfers", ref.transfer().describe());
    optional(g, "paper", ref.value());
    map(g, "baselineParameters", c.baselineParameters());
    g.writeStringField("baselineExperiment", c.baselineExperiment().orElse(null));
    optional(g, "paperBaseline", c.paperBaseline());
    optional(g, "paperChangePct", c.paperChangePct());
    g.writeStringField("measuredUnit", ref.metric().unit());
    optional(g, "measured", c.measured());
    optional(g, "measuredBaseline", c.measuredBaseline());
    optional(g, "measuredChangePct", c.measuredChangePct());
    g.writeNumberField("samples", c.samples());
    g.writeNumberField("repetitions", c.repetitions());
    g.writeStringField("note", c.note());
    Verdict v = c.verdict();
    g.writeStringField("verdict", v.kind().label());
    g.writeStringField("why", v.reason());
    g.writeArrayFieldStart("serverSide");
    for (String line : c.serverSide()) {
      g.writeString(line);
    }
    g.writeEndArray();
    g.writeStringField("rule", ReportHtml.rule(ref));
    if (v.effect().isPresent()) {
      Effect e = v.effect().get();
      number(g, "effect", e.pct());
      if (e.ci95().isPresent()) {
        g.writeArrayFieldStart("ci95");
        element(g, e.ci95().get().low());
        element(g, e.ci95().get().high());
        g.writeEndArray();
      } else {
        g.writeNullField("ci95");
      }
      g.writeStringField("method", e.method());
      g.writeObjectFieldStart("repetitions");
      g.writeNumberField("measured", e.measured().repetitions());
      g.writeNumberField("baseline", e.base().repetitions());
      g.writeEndObject();
    }
    g.writeStringField("direction", v.direction().map(d -> d.name().toLowerCase(
        java.util.Locale.ROOT)).orElse(null));
    if (v.morePerPoint().isPresent()) {
      g.writeNumberField("morePerPoint", v.morePerPoint().getAsInt());
    }
    g.writeStringField("window", v.window().isEmpty() ? null : v.window());
    g.writeArrayFieldStart("caveats");
    for (String caveat : v.caveats()) {
      g.writeString(caveat);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void slo(JsonGenerator g, Optional<StoredPlan.Slo> slo, List<SloMark> marks)
      throws IOException {
    if (slo.isEmpty()) {
      g.writeNullField("slo");
      return;
    }
    g.writeObjectFieldStart("slo");
    g.writeStringField("operation", slo.get().operation());
    g.writeStringField("metric", slo.get().metric().label());
    number(g, "boundMs", slo.get().boundMs());
    g.writeArrayFieldStart("best");
    for (SloMark m : marks) {
      g.writeStartObject();
      map(g, "series", m.series());
      if (m.best().isPresent()) {
        map(g, "parameters", m.best().get().parameters());
        number(g, "throughput", m.throughput());
        number(g, "latencyMs", m.latencyMs());
      } else {
        g.writeNullField("parameters");
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  static void map(JsonGenerator g, String name, Map<String, String> map) throws IOException {
    g.writeObjectFieldStart(name);
    for (Map.Entry<String, String> e : map.entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
  }

  static void number(JsonGenerator g, String name, double value) throws IOException {
    g.writeFieldName(name);
    if (Double.isFinite(value)) {
      g.writeNumber(Formats.decimal(value));
    } else {
      g.writeNull();
    }
  }

  /** An array element: the number with three decimals, or null when not finite. */
  static void element(JsonGenerator g, double value) throws IOException {
    if (Double.isFinite(value)) {
      g.writeNumber(Formats.decimal(value));
    } else {
      g.writeNull();
    }
  }

  static void optional(JsonGenerator g, String name, OptionalDouble value) throws IOException {
    if (value.isPresent()) {
      number(g, name, value.getAsDouble());
    } else {
      g.writeNullField(name);
    }
  }
}
