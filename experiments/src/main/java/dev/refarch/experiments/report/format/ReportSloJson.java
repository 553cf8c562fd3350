package dev.refarch.experiments.report.format;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.report.SloSearchResult;
import java.io.IOException;
import java.util.List;

/**
 * The {@code sloSearches} array of {@code report.json}: per planned point, every probe of its
 * search, the bracket, and the answer or why there is none.
 *
 * <p>Stateless and thread-safe.
 */
final class ReportSloJson {

  private ReportSloJson() {
  }

  static void searches(JsonGenerator g, List<SloSearchResult> searches) throws IOException {
    g.writeArrayFieldStart("sloSearches");
    for (SloSearchResult s : searches) {
      g.writeStartObject();
      g.writeStringField("trial", s.trial());
      g.writeArrayFieldStart("probes");
      for (SloSearchResult.Probe p : s.probes()) {
        g.writeStartObject();
        g.writeNumberField("step", p.step());
        g.writeStringField("trial", p.trial());
        ReportJson.optional(g, "targetOpsPerSecond", p.targetOpsPerSecond());
        ReportJson.number(g, "throughput", p.throughput());
        ReportJson.optional(g, "latencyMs", p.latencyMs());
        g.writeBooleanField("met", p.met());
        if (p.steady().isPresent()) {
          g.writeBooleanField("steady", p.steady().get());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      ReportJson.number(g, "bracketLowOpsPerSecond", s.lowOpsPerSecond());
      ReportJson.number(g, "bracketHighOpsPerSecond", s.highOpsPerSecond());
      ReportJson.optional(g, "answerOpsPerSecond", s.answerOpsPerSecond());
      g.writeStringField("why", s.why());
      g.writeEndObject();
    }
    g.writeEndArray();
  }
}
