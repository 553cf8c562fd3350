package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.SloSearchResult;
import dev.refarch.experiments.report.StoredPlan;
import java.util.Locale;

/**
 * The SLO-search section of {@code report.html}: per planned point, each probe (target, measured
 * throughput, the latency judged, met or not, steady or not), the bracket the search ended with,
 * and the answer — the highest throughput that met the objective — or why there is none.
 *
 * <p>Stateless and thread-safe.
 */
final class SloSection {

  private SloSection() {
  }

  static void write(Html h, ExperimentResults r) {
    if (r.plan().slo().isEmpty()) {
      return;
    }
    StoredPlan.Slo slo = r.plan().slo().get();
    h.section("slo", "SLO search: highest throughput with "
        + slo.metric().label() + " of " + slo.operation() + " ≤ " + Formats.millis(slo.boundMs()));
    if (r.sloSearches().isEmpty()) {
      h.element("p", "note", "No search has finished yet: no slo-<trial>.json in the folder.");
    }
    for (SloSearchResult s : r.sloSearches()) {
      h.element("h3", "", s.trial() + ": " + (s.answerOpsPerSecond().isPresent()
          ? Formats.fixed(s.answerOpsPerSecond().getAsDouble(), 0) + " ops/s" : "no answer"));
      h.element("p", "note", s.why() + String.format(Locale.ROOT,
          "; the search ended between %s and %s ops/s.", Formats.fixed(s.lowOpsPerSecond(), 0),
          Formats.fixed(s.highOpsPerSecond(), 0)));
      h.table("slo-probes", "step", "trial", "target ops/s", "throughput ops/s",
          slo.operation() + " n", slo.metric().label() + " ms", "met", "steady");
      for (SloSearchResult.Probe p : s.probes()) {
        String n = r.trials().stream().filter(t -> t.id().equals(p.trial())).findFirst()
            .map(t -> t.facts().samples(slo.operation())).filter(c -> c > 0).map(String::valueOf)
            .orElse("");
        h.row(p.met() ? "" : "missed", String.valueOf(p.step()), p.trial(),
            p.targetOpsPerSecond().isPresent() ? Formats.fixed(p.targetOpsPerSecond().getAsDouble(), 0)
                : "unthrottled", Formats.figure(p.throughput(), Quantity.THROUGHPUT),
            n,
            p.latencyMs().isPresent() ? Formats.figure(p.latencyMs().getAsDouble(), slo.metric())
                : "n/a",
            p.met() ? "yes" : "no", p.steady().map(b -> b ? "yes" : "no").orElse("n/a"));
      }
      h.endTable();
    }
    h.endSection();
  }
}
