package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.SloMark;
import dev.refarch.experiments.report.Stat;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.report.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes {@code report.html}: one self-contained page — header, sweep charts, the points table,
 * the paper's references, the SLO, timelines with fault windows, the percentile spectrum and every
 * trial's status. Charts are PNGs embedded as {@code data:} URIs; nothing loads from anywhere.
 *
 * <p>Stateless and thread-safe.
 */
final class ReportHtml {

  private ReportHtml() {
  }

  static String render(ExperimentResults r, List<ReferenceCheck> checks, List<SloMark> marks) {
    StoredPlan plan = r.plan();
    String title = plan.title().isEmpty() ? plan.experiment() : plan.title();
    Html h = new Html().raw(Page.open(title + " — report"));
    h.element("h1", "", title);
    header(h, r);
    h.raw("<nav><a href=\"#references\">verdicts</a><a href=\"#sweep\">charts</a>"
        + "<a href=\"#points\">points</a>" + (plan.slo().isPresent() ? "<a href=\"#slo\">SLO search</a>" : "")
        + "<a href=\"#timelines\">timelines</a>"
        + "<a href=\"#spectrum\">percentiles</a><a href=\"#trials\">trials</a></nav>\n");
    h.section("references", "The paper's figures: verdicts");
    references(h, checks);
    h.endSection().section("sweep", "Throughput and latency against "
        + r.xParameter().orElse("the swept parameter"));
    List<ChartImage> sweep = new ArrayList<>();
    SweepCharts.throughput(r, marks).ifPresent(sweep::add);
    r.operations().stream().filter(op -> !op.equals(Quantity.OVERALL))
        .forEach(op -> SweepCharts.latency(r, op).ifPresent(sweep::add));
    if (sweep.isEmpty()) {
      h.element("p", "note", "No sweep charts: no parameter takes more than one value, or no"
          + " trial has completed yet.");
    }
    sweep.forEach(h::figure);
    h.endSection().section("points", "Points");
    PointsTable.write(h, r, marks);
    h.endSection();
    SloSection.write(h, r);
    TrialSections.write(h, r);
    return h.raw(Page.close("Generated from the results folder " + plan.experiment()
        + "/ only (plan.json, trial.json, run.hlog, timeline.csv); report.json and report.csv"
        + " beside this page hold the same figures.")).toString();
  }

  private static void header(Html h, ExperimentResults r) {
    StoredPlan plan = r.plan();
    h.raw("<dl class=\"meta\">\n");
    meta(h, "experiment", plan.experiment());
    meta(h, "study", plan.study());
    meta(h, "source", plan.source());
    meta(h, "scale", plan.scale());
    meta(h, "sweep", plan.sweep().mode() + " over " + String.join(", ", plan.sweep().parameters())
        + r.xParameter().map(x -> "; charts against " + x).orElse(""));
    meta(h, "baseline", plan.baseline().isEmpty() ? "" : Formats.parameters(plan.baseline()));
    meta(h, "trials", r.trials().size() + " planned: " + java.util.Arrays.stream(
        TrialRecord.Status.values()).map(s -> r.trials().stream().filter(t -> t.status() == s)
        .count() + " " + s.label()).collect(Collectors.joining(", "))
        + (r.unplanned().isEmpty() ? "" : "; not in the plan: " + String.join(", ", r.unplanned())));
    plan.run().ifPresent(run -> meta(h, "run", (run.warmup().equals("0s") ? "no warm-up"
        : "warm-up " + run.warmup() + " after every client is up") + run.untilSteady()
        .map(u -> ", then until steady: " + u).orElse(", then a fixed length") + "; "
        + run.automatic().map(a -> a + " repetitions per point").orElse(run.repetitions()
            + " repetition(s) per point") + r.rounds().map(x -> " (" + x + ")").orElse("")));
    meta(h, "latency", "service time in ms from the merged HDR histograms over each trial's"
        + " judged window (from its earliest steady window at the level the run ended at, to its"
        + " end; the whole measured window for a run that never got steady); every figure is the"
        + " median of a"
        + " point's completed repetitions, with min–max when they differ; n is the measured"
        + " operations behind it");
    plan.slo().ifPresent(slo -> meta(h, "SLO", slo.metric().label() + " of " + slo.operation()
        + " ≤ " + Formats.millis(slo.boundMs())));
    h.raw("</dl>\n");
  }

  private static void meta(Html h, String term, String value) {
    if (!value.isEmpty()) {
      h.element("dt", "", term).element("dd", "", value);
    }
  }

  private static void references(Html h, List<ReferenceCheck> checks) {
    if (checks.isEmpty()) {
      h.element("p", "note", "The plan has no reference figures for this study.");
      return;
    }
    h.element("p", "note", "Each reference declares what of it transfers to a re-run here: the"
        + " direction of the change against the baseline, and its size where that transfers too,"
        + " each with the rule it comes from; a figure that belongs to the paper's platform is"
        + " never comparable here. The measured change comes with its 95 % confidence interval —"
        + " across the repetitions of each point (Student's t on the logs), or within a single"
        + " trial (a moving-block bootstrap over its seconds, which cannot see how another trial"
        + " would differ). The verdict agrees when the whole interval lies in the band, disagrees"
        + " when it lies wholly outside, and is inconclusive when it crosses the band's edge.");
    ReferenceChart.of(checks).ifPresent(h::figure);
    h.table("references", "verdict", "why", "effect [95 % CI]", "repetitions", "caveats",
        "server side", "parameters", "metric", "operation", "paper", "source", "relative to", "paper change",
        "measured", "n", "transfers", "rule");
    for (ReferenceCheck c : checks) {
      StoredPlan.Reference ref = c.reference();
      Verdict v = c.verdict();
      h.row(rowClass(v), v.kind().label(), v.reason(),
          v.effect().map(Object::toString).orElse(percent(c.measuredChangePct())),
          v.effect().map(e -> e.repetitions() + " (" + e.method() + ")").orElse(""),
          String.join("; ", v.caveats()), String.join("; ", c.serverSide()),
          Formats.parameters(ref.parameters()), ref.metric().label(), ref.operation(),
          ref.value().isPresent() ? paper(ref) : "(direction only)", ref.source(),
          c.baselineExperiment().map(e -> e + " ").orElse("") + (c.baselineParameters().isEmpty()
              ? "" : Formats.parameters(c.baselineParameters())),
          percent(c.paperChangePct()),
          c.measured().isPresent() ? Formats.withUnit(c.measured().getAsDouble(), ref.metric())
              : "n/a",
          c.samples() + " ops × " + c.repetitions(), ref.transfer().describe(), rule(ref));
    }
    h.endTable();
  }

  /** The rule a shape's band comes from, or why it does not transfer. */
  static String rule(StoredPlan.Reference ref) {
    if (ref.transfer() instanceof dev.refarch.experiments.spec.Transfer.Shape s) {
      return s.why();
    }
    return ref.transfer() instanceof dev.refarch.experiments.spec.Transfer.PlatformOnly p
        ? p.why() : "";
  }

  /** The paper's figure in the plan's own unit; milliseconds read as a duration. */
  private static String paper(StoredPlan.Reference ref) {
    double v = ref.value().getAsDouble();
    return ref.unit().equals("ms") ? Formats.millis(v) : Formats.figure(v, ref.metric()) + " "
        + ref.unit();
  }

  private static String rowClass(Verdict v) {
    return switch (v.kind()) {
      case AGREES -> "agrees";
      case DISAGREES -> "disagrees";
      case INCONCLUSIVE -> "inconclusive";
      case NOT_COMPARABLE -> "not-comparable";
    };
  }

  private static String percent(java.util.OptionalDouble v) {
    return v.isPresent() ? Formats.percent(v.getAsDouble()) : "n/a";
  }

  /** {@code 308.5 (225.0–392.0)}, or just the median when the repetitions agree. */
  static String stat(Optional<Stat> s, Quantity metric) {
    if (s.isEmpty()) {
      return "";
    }
    String median = Formats.figure(s.get().median(), metric);
    return s.get().spread() ? median + " (" + Formats.figure(s.get().min(), metric) + "–"
        + Formats.figure(s.get().max(), metric) + ")" : median;
  }
}
