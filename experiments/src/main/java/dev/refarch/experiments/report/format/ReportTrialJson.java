package dev.refarch.experiments.report.format;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.report.FaultWindow;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.ServerTelemetry;
import dev.refarch.experiments.report.TrialFacts;
import dev.refarch.experiments.report.TrialFault;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.results.TrialJson;
import java.io.IOException;
import java.util.Map;

/**
 * One trial in {@code report.json}'s {@code trials}: its parameters, status, steadiness, clients,
 * cores, CPU share and samples, its own figures, its faults (each with its election time,
 * platform-side durations and interruption per operation type) and the windows they kept
 * something broken.
 *
 * <p>Stateless and thread-safe.
 */
final class ReportTrialJson {

  private ReportTrialJson() {
  }

  static void trial(JsonGenerator g, TrialRecord t) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", t.id());
    ReportJson.map(g, "parameters", t.parameters());
    g.writeNumberField("repetition", t.repetition());
    g.writeStringField("status", t.status().label());
    facts(g, t.facts());
    g.writeArrayFieldStart("failures");
    for (String f : t.failures()) {
      g.writeString(f);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("values");
    for (Map.Entry<String, Map<Quantity, Double>> op : t.values().entrySet()) {
      if (!op.getValue().isEmpty()) {
        g.writeObjectFieldStart(op.getKey());
        for (Map.Entry<Quantity, Double> v : op.getValue().entrySet()) {
          ReportJson.number(g, v.getKey().label(), v.getValue());
        }
        g.writeEndObject();
      }
    }
    g.writeEndObject();
    g.writeArrayFieldStart("faults");
    for (TrialFault f : t.faults()) {
      fault(g, f);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("faultWindows");
    for (FaultWindow w : t.faultWindows()) {
      g.writeStartObject();
      g.writeNumberField("fromEpochMs", w.fromEpochMs());
      g.writeNumberField("toEpochMs", w.toEpochMs());
      g.writeStringField("label", w.label());
      g.writeStringField("endedBy", w.endedBy());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void facts(JsonGenerator g, TrialFacts f) throws IOException {
    if (f.steady().isPresent()) {
      g.writeBooleanField("steady", f.steady().get());
    } else {
      g.writeNullField("steady");
    }
    ReportJson.number(g, "measuredSeconds", f.measuredSeconds());
    g.writeBooleanField("stoppedWhenSteady", f.stoppedWhenSteady());
    g.writeNumberField("clients", f.clients());
    g.writeNumberField("threadsPerClient", f.threadsPerClient());
    g.writeNumberField("totalThreads", f.totalThreads());
    g.writeNumberField("cores", f.cores());
    ReportJson.optional(g, "clientCpuShare", f.clientCpuShare());
    ReportJson.optional(g, "clientMicrosPerOperation", f.clientMicrosPerOp());
    g.writeObjectFieldStart("samples");
    for (Map.Entry<String, Long> e : f.samples().entrySet()) {
      g.writeNumberField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    if (f.telemetry().isPresent()) {
      telemetry(g, f.telemetry().get(), f.window());
    }
  }

  /** The servers' and disks' figures over the window the trial's own figures come from. */
  private static void telemetry(JsonGenerator g, ServerTelemetry t, TrialFacts.Window window)
      throws IOException {
    g.writeObjectFieldStart("telemetry");
    g.writeStringField("window", window.describe());
    g.writeArrayFieldStart("partial");
    for (String p : t.partial()) {
      g.writeString(p);
    }
    g.writeEndArray();
    TrialJson.writeTelemetryFigures(g, "figures", t.figures());
    g.writeEndObject();
  }

  private static void fault(JsonGenerator g, TrialFault f) throws IOException {
    g.writeStartObject();
    g.writeNumberField("epochMs", f.epochMs());
    g.writeStringField("phase", f.phase());
    g.writeStringField("action", f.action());
    g.writeStringField("target", f.target());
    g.writeStringField("member", f.member());
    if (!f.injected()) {
      g.writeStringField("failure", f.failure());
    }
    g.writeFieldName("electionMs");
    if (f.electionMs().isPresent()) {
      g.writeNumber(f.electionMs().get());
    } else {
      g.writeNull();
    }
    longs(g, "durationsMs", f.durationsMs());
    longs(g, "interruptionMs", f.interruptionMs());
    g.writeEndObject();
  }

  private static void longs(JsonGenerator g, String name, Map<String, Long> values)
      throws IOException {
    g.writeObjectFieldStart(name);
    for (Map.Entry<String, Long> v : values.entrySet()) {
      g.writeNumberField(v.getKey(), v.getValue());
    }
    g.writeEndObject();
  }
}
