package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.FaultWindow;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialFacts;
import dev.refarch.experiments.report.TrialFault;
import dev.refarch.experiments.report.TrialReader;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.report.UnplannedTrials;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The per-trial sections of {@code report.html}: timelines (the baseline's trial and every trial
 * with faults) with their fault tables, the percentile spectrum of the baseline's trial, and the
 * table of all trials with status and failures.
 *
 * <p>Stateless and thread-safe.
 */
final class TrialSections {

  private TrialSections() {
  }

  static void write(Html h, ExperimentResults r) {
    Optional<TrialRecord> shown = shownTrial(r);
    String shownWhy = shown.isPresent() && r.baselinePoint()
        .filter(p -> p.trials().contains(shown.get())).isPresent()
        ? "The baseline's first completed repetition."
        : "The first completed trial (none of the baseline's has completed).";
    h.section("timelines", "Timelines");
    List<TrialRecord> timelines = new ArrayList<>();
    shown.ifPresent(timelines::add);
    r.trials().stream().filter(t -> !t.faults().isEmpty() && !timelines.contains(t))
        .forEach(timelines::add);
    // the point each transferable shape is judged at, so that its server side can be set beside
    // the baseline's: the first completed trial of each
    for (StoredPlan.Reference ref : r.plan().references()) {
      if (ref.transfer() instanceof dev.refarch.experiments.spec.Transfer.Shape) {
        r.point(ref.parameters()).flatMap(p -> p.completed().stream().findFirst())
            .filter(t -> !timelines.contains(t)).ifPresent(timelines::add);
      }
    }
    if (timelines.isEmpty()) {
      h.element("p", "note", "No completed trial to show yet.");
    }
    for (TrialRecord t : timelines) {
      String why = t.equals(shown.orElse(null)) ? shownWhy : !t.faults().isEmpty()
          ? "A trial with faults." : "The first completed trial of a point a reference is"
              + " judged at.";
      TimeCharts.timeline(t, why).ifPresentOrElse(h::figure,
          () -> h.element("p", "note", t.id() + " has no readable "
              + TrialReader.timelineName(t.phase()) + "."));
      TimeCharts.p99(t).ifPresent(h::figure);
      TelemetryCharts.of(t).forEach(h::figure);
      t.facts().telemetry().filter(s -> !s.partial().isEmpty()).ifPresent(s ->
          h.element("p", "note", "Telemetry partial: " + String.join("; ", s.partial())));
      if (!t.faults().isEmpty()) {
        faults(h, t);
      }
    }
    h.endSection().section("spectrum", "Percentile spectrum");
    shown.flatMap(t -> TimeCharts.spectrum(t, shownWhy))
        .ifPresentOrElse(h::figure, () -> h.element("p", "note", "No HDR log to show."));
    h.endSection().section("trials", "Trials");
    h.table("trials", "trial", "parameters", "repetition", "status", "throughput ops/s",
        "measured operations", "steady", "measured s", "clients × threads", "client CPU",
        "client CPU µs/op", "telemetry gaps", "failures");
    for (TrialRecord t : r.trials()) {
      TrialFacts f = t.facts();
      h.row(t.status() == TrialRecord.Status.COMPLETED ? "" : t.status().label(), t.id(),
          parameters(r.plan(), t), String.valueOf(t.repetition()), t.status().label(),
          t.value(Quantity.OVERALL, Quantity.THROUGHPUT).isPresent()
              ? Formats.figure(t.value(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble(),
                  Quantity.THROUGHPUT) : "",
          f.samples(Quantity.OVERALL) > 0 ? String.valueOf(f.samples(Quantity.OVERALL)) : "",
          f.steady().map(s -> s ? (f.stoppedWhenSteady() ? "yes (stopped)" : "yes") : "NOT steady")
              .orElse(""),
          f.measuredSeconds() > 0 ? Formats.fixed(f.measuredSeconds(), 0) : "",
          f.clients() > 0 ? f.clients() + " × " + f.threadsPerClient() : "",
          f.clientCpuShare().isPresent() ? Formats.fixed(f.clientCpuShare().getAsDouble() * 100, 0)
              + " % of " + f.cores() + " cores" : "",
          f.clientMicrosPerOp().isPresent() ? Formats.fixed(f.clientMicrosPerOp().getAsDouble(), 0)
              : "",
          f.telemetry().map(s -> String.join("\n", s.partial())).orElse(""),
          String.join("\n", t.failures()));
    }
    h.endTable();
    h.endSection();
  }

  /**
   * {@code workload=a threadcount=4 · rs=1 · 1 client × 4 threads}: the parameters, then the
   * shape the plan gives the trial (for trials without a plan, the settings they differ in).
   */
  private static String parameters(StoredPlan plan, TrialRecord t) {
    String shape = plan.trials().stream()
        .filter(p -> t.id().equals(p.id()) || t.id().startsWith(p.id() + "-slo"))
        .map(StoredPlan.PlannedTrial::shape).filter(s -> !s.isEmpty()).findFirst().orElse("");
    String parameters = t.parameters().keySet().equals(java.util.Set.of(UnplannedTrials.TRIAL))
        ? "" : Formats.parameters(t.parameters());
    return parameters.isEmpty() || shape.isEmpty() ? parameters + shape
        : parameters + " · " + shape;
  }

  /** The baseline point's first completed trial, else the first completed trial at all. */
  static Optional<TrialRecord> shownTrial(ExperimentResults r) {
    return r.baselinePoint().flatMap(p -> p.completed().stream().findFirst())
        .or(() -> r.trials().stream().filter(t -> t.status() == TrialRecord.Status.COMPLETED)
            .findFirst());
  }

  private static void faults(Html h, TrialRecord t) {
    h.table("faults", "at (UTC)", "action", "target", "member", "election ms", "platform ms",
        "interruption ms", "window ends", "failure");
    List<FaultWindow> windows = t.faultWindows();
    for (TrialFault f : t.faults()) {
      String ends = windows.stream().filter(w -> w.fromEpochMs() == f.epochMs()
          && w.label().equals(f.describe())).map(w -> w.endedBy()
          + " after " + Formats.millis(w.toEpochMs() - w.fromEpochMs())).findFirst().orElse("");
      h.row(f.injected() ? "" : "failed", Instant.ofEpochMilli(f.epochMs()).toString(),
          f.action(), f.target(), f.member(), f.electionMs().map(String::valueOf).orElse(""),
          durations(f.durationsMs()), interruptions(f.interruptionMs(), f.resumed()), ends,
          f.failure());
    }
    h.endTable();
  }

  /** {@code podReady 41873}: what the injector measured on the platform side. */
  private static String durations(Map<String, Long> ms) {
    return ms.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static String interruptions(Map<String, Long> ms, Map<String, Boolean> resumed) {
    return ms.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()
        + (resumed.getOrDefault(e.getKey(), true) ? "" : " (not resumed: at least)"))
        .collect(Collectors.joining(", "));
  }
}
