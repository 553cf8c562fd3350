package dev.refarch.experiments.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.faults.Interruption;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.ycsb.measure.Summary;
import dev.refarch.ycsb.measure.SummaryFormats;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code trial.json}: one JSON document with the trial's parameters, effective settings,
 * platform state, the host (cores, load average), per-phase client exits, times and merged
 * summaries (with documents and bytes per scan), steady state, failures, CPU seconds, faults
 * (each with its election time, the durations its injector measured on the platform side as
 * {@code durationsMs} when there are any, and its interruption per operation type), and
 * telemetry (its sources and gaps; per phase, each series' mean, p95 and maximum). Values that
 * look like connection strings are masked.
 *
 * <p>Stateless and thread-safe.
 */
public final class TrialJson {

  /** Identifies the layout, bumped on incompatible change. */
  public static final String FORMAT = "ycsb-mongo-refarch/trial/1";

  /** How {@code judged.window} names the window its figures come from. */
  public static final String JUDGED_WINDOW = "from the earliest steady window at the level the run"
      + " ended at to the end of the measured window";
  public static final String FILE = "trial.json";
  /** How many lost keys trial.json lists; the count is always whole. */
  static final int LOST_KEYS_SHOWN = 100;

  private static final JsonFactory JSON = JsonFactory.builder()
      .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

  private TrialJson() {
  }

  /**
   * The document for {@code result}.
   *
   * @param parameters what the trial was asked to do (clients, threads, target, properties…)
   */
  public static String render(TrialResult result, Map<String, String> parameters) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeStringField("experiment", result.experiment());
      g.writeStringField("trial", result.trial());
      g.writeStringField("status", result.succeeded() ? "completed" : "failed");
      g.writeArrayFieldStart("failures");
      for (String f : result.failures()) {
        g.writeString(Redaction.maskUri(f));
      }
      g.writeEndArray();
      g.writeNumberField("startedEpochMs", result.startedEpochMs());
      g.writeNumberField("finishedEpochMs", result.finishedEpochMs());
      writeMap(g, "parameters", parameters);
      writeMap(g, "effectiveSettings", result.effectiveSettings());
      g.writeObjectFieldStart("platformState");
      for (var component : result.platformState().components().entrySet()) {
        writeMap(g, component.getKey(), component.getValue());
      }
      g.writeEndObject();
      g.writeObjectFieldStart("host");
      g.writeNumberField("cores", result.host().cores());
      number(g, "loadAverageStart", result.host().loadAverageStart());
      number(g, "loadAverageEnd", result.host().loadAverageEnd());
      if (!result.host().probeBefore().isEmpty() || !result.host().probeAfter().isEmpty()) {
        g.writeObjectFieldStart("machineProbe");
        g.writeStringField("kernel", dev.refarch.experiments.trial.MachineProbe.KERNEL);
        g.writeStringField("unit", "CPU ns per unit");
        numbers(g, "before", result.host().probeBefore());
        numbers(g, "after", result.host().probeAfter());
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeObjectFieldStart("cpuSeconds");
      number(g, "clients", result.clientCpuSeconds());
      number(g, "runner", result.runnerCpuSeconds());
      g.writeEndObject();
      if (result.audit().isPresent()) {
        writeAudit(g, result.audit().get());
      }
      g.writeArrayFieldStart("faults");
      for (FaultReport f : result.faults()) {
        writeFault(g, f);
      }
      g.writeEndArray();
      writeTelemetry(g, result.telemetry());
      g.writeObjectFieldStart("phases");
      for (Phase phase : Phase.values()) {
        TrialResult.PhaseResult p = result.phases().get(phase);
        if (p != null) {
          writePhase(g, p, result.telemetry().phases().getOrDefault(phase, List.of()));
        }
      }
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  /** Which sources watched what, and where they fell short; the samples are in their file. */
  private static void writeTelemetry(JsonGenerator g, TrialTelemetry t) throws IOException {
    g.writeObjectFieldStart("telemetry");
    g.writeBooleanField("enabled", t.enabled());
    if (t.enabled()) {
      g.writeStringField("file", TelemetryFile.FILE);
      g.writeObjectFieldStart("sources");
      for (var source : t.sources().entrySet()) {
        g.writeArrayFieldStart(source.getKey());
        for (String watched : source.getValue()) {
          g.writeString(watched);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeArrayFieldStart("partial");
      for (String line : t.partial()) {
        g.writeString(Redaction.maskUri(line));
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  /**
   * {@code "<field>": [...]}: each telemetry series over a window — mean, p95 and maximum of its
   * samples — as trial.json writes a phase's and report.json a judged window's.
   */
  public static void writeTelemetryFigures(JsonGenerator g, String field,
      List<TrialTelemetry.Figure> figures) throws IOException {
    g.writeArrayFieldStart(field);
    for (TrialTelemetry.Figure f : figures) {
      g.writeStartObject();
      g.writeStringField("source", f.source());
      g.writeStringField("member", f.member());
      g.writeStringField("metric", f.metric());
      g.writeStringField("unit", f.unit());
      number(g, "mean", f.mean());
      number(g, "p95", f.p95());
      number(g, "max", f.max());
      g.writeNumberField("samples", f.samples());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void writePhase(JsonGenerator g, TrialResult.PhaseResult p,
      List<TrialTelemetry.Figure> telemetry) throws IOException {
    g.writeObjectFieldStart(p.phase().label());
    g.writeArrayFieldStart("clients");
    for (TrialResult.ClientRecord c : p.clients()) {
      g.writeStartObject();
      g.writeStringField("name", c.name());
      g.writeNumberField("exitCode", c.exitCode());
      g.writeStringField("exit", c.exit());
      g.writeBooleanField("completed", c.completed());
      if (c.cpuSeconds().isPresent()) {
        number(g, "cpuSeconds", c.cpuSeconds().getAsDouble());
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    if (p.startedEpochMs() > 0) {
      g.writeNumberField("startedEpochMs", p.startedEpochMs());
      g.writeNumberField("endedEpochMs", p.endedEpochMs());
    }
    if (p.steadyState().isPresent()) {
      SteadyState s = p.steadyState().get();
      g.writeObjectFieldStart("steadyState");
      g.writeBooleanField("reached", s.reached());
      g.writeNumberField("fromEpochMs", s.fromEpochMs());
      number(g, "opsPerSecond", s.opsPerSecond());
      g.writeNumberField("windowSeconds", s.windowSeconds());
      number(g, "band", s.band());
      number(g, "maxCv", s.maxCv());
      number(g, "measuredSeconds", s.measuredSeconds());
      g.writeBooleanField("stoppedWhenSteady", s.stoppedWhenSteady());
      if (s.toEpochMs() > 0) {
        g.writeNumberField("toEpochMs", s.toEpochMs());
        number(g, "finalOpsPerSecond", s.finalOpsPerSecond());
        g.writeBooleanField("drifted", s.drifted());
      }
      g.writeEndObject();
    }
    if (p.summary().isPresent()) {
      g.writeObjectFieldStart("summary");
      SummaryFormats.writeFields(g, p.summary().get());
      g.writeEndObject();
    }
    if (p.judged().isPresent()) {
      Summary j = p.judged().get();
      g.writeObjectFieldStart("judged");
      g.writeStringField("window", JUDGED_WINDOW);
      g.writeNumberField("fromEpochMs", j.measuredFromEpochMs());
      g.writeNumberField("toEpochMs", j.endEpochMs());
      g.writeObjectFieldStart("summary");
      SummaryFormats.writeFields(g, j);
      g.writeEndObject();
      g.writeEndObject();
    }
    if (p.clientCost().isPresent()) {
      ClientCost c = p.clientCost().get();
      g.writeObjectFieldStart("clientCost");
      g.writeStringField("window", c.window());
      g.writeNumberField("fromEpochMs", c.fromEpochMs());
      g.writeNumberField("toEpochMs", c.toEpochMs());
      number(g, "cpuSeconds", c.cpuSeconds());
      g.writeNumberField("operations", c.operations());
      number(g, "microsPerOperation", c.microsPerOperation());
      number(g, "cores", c.cores());
      g.writeEndObject();
    }
    if (!telemetry.isEmpty()) {
      writeTelemetryFigures(g, "telemetry", telemetry);
    }
    g.writeEndObject();
  }

  private static void numbers(JsonGenerator g, String field, List<Double> values)
      throws IOException {
    g.writeArrayFieldStart(field);
    for (double v : values) {
      g.writeNumber(Math.round(v));
    }
    g.writeEndArray();
  }

  private static void writeFirstKeys(JsonGenerator g, List<String> keys) throws IOException {
    g.writeArrayFieldStart("lostKeys");
    for (String key : keys.subList(0, Math.min(LOST_KEYS_SHOWN, keys.size()))) {
      g.writeString(key);
    }
    g.writeEndArray();
  }

  /**
   * The audit's counts and the first {@value #LOST_KEYS_SHOWN} lost keys, of inserts and, when
   * updates were logged, of records with a lost update.
   */
  private static void writeAudit(JsonGenerator g, AckAudit.AuditReport a) throws IOException {
    g.writeObjectFieldStart("audit");
    g.writeNumberField("acknowledged", a.acknowledged());
    g.writeNumberField("lost", a.lost());
    writeFirstKeys(g, a.lostKeys());
    if (a.updates().acknowledged() > 0) {
      g.writeObjectFieldStart("updates");
      g.writeNumberField("acknowledged", a.updates().acknowledged());
      g.writeNumberField("lost", a.updates().lost());
      g.writeNumberField("lostRecords", a.updates().lostKeys().size());
      writeFirstKeys(g, a.updates().lostKeys());
      g.writeEndObject();
    }
    if (a.rollback().isPresent()) {
      var r = a.rollback().get();
      g.writeObjectFieldStart("rollback");
      g.writeNumberField("documents", r.documents());
      g.writeNumberField("lostFound", r.lostFound());
      g.writeNumberField("lostUpdatesFound", r.lostUpdatesFound());
      g.writeArrayFieldStart("members");
      for (String m : r.members()) {
        g.writeString(m);
      }
      g.writeEndArray();
      g.writeBooleanField("caughtUp", r.caughtUp());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeFault(JsonGenerator g, FaultReport f) throws IOException {
    g.writeStartObject();
    g.writeStringField("phase", f.phase().label());
    g.writeNumberField("epochMs", f.event().epochMillis());
    g.writeStringField("action", f.event().action());
    g.writeStringField("target", f.event().target());
    g.writeStringField("member", f.event().member());
    g.writeStringField("detail", Redaction.maskUri(f.event().detail()));
    if (!f.failure().isEmpty()) {
      g.writeStringField("failure", Redaction.maskUri(f.failure()));
    }
    if (f.electionMs().isPresent()) {
      g.writeNumberField("electionMs", f.electionMs().get());
    } else {
      g.writeNullField("electionMs");
    }
    if (!f.event().durationsMs().isEmpty()) {
      g.writeObjectFieldStart("durationsMs");
      for (Map.Entry<String, Long> d : f.event().durationsMs().entrySet()) {
        g.writeNumberField(d.getKey(), d.getValue());
      }
      g.writeEndObject();
    }
    g.writeObjectFieldStart("interruption");
    for (Interruption i : new java.util.TreeMap<>(f.interruptions()).values()) {
      g.writeObjectFieldStart(i.operation());
      g.writeNumberField("interruptionMs", i.interruptionMs());
      g.writeBooleanField("resumed", i.resumed());
      if (i.recoveryMs().isPresent()) {
        g.writeNumberField("recoveryTo90PercentMs", i.recoveryMs().get());
      } else {
        g.writeNullField("recoveryTo90PercentMs");
      }
      number(g, "baselineOpsPerSecond", i.baselinePerSecond());
      g.writeNumberField("gapBuckets", i.gapBuckets());
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void writeMap(JsonGenerator g, String name, Map<String, String> map)
      throws IOException {
    g.writeObjectFieldStart(name);
    for (var e : new java.util.TreeMap<>(map).entrySet()) {
      g.writeStringField(e.getKey(), Redaction.maskUri(e.getValue()));
    }
    g.writeEndObject();
  }

  private static void number(JsonGenerator g, String name, double value) throws IOException {
    g.writeFieldName(name);
    if (Double.isFinite(value)) {
      g.writeNumber(BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP));
    } else {
      g.writeNull();
    }
  }
}
