package dev.refarch.experiments.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.report.VerdictSummary;
import dev.refarch.experiments.results.StoredTrial;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What {@code refarch run} prints at the end: per trial its status, throughput, whether it was
 * steady, its clients' CPU per operation, errors, and p50 and p99 per operation — over the judged
 * window of a steady run, as the report's figures; then each reference's verdict, the time taken
 * and the report — as a table, or as one JSON document for machines ({@code --json}). Figures are
 * read back from each trial's {@code trial.json}, verdicts from the report's readers.
 *
 * <p>Not thread-safe; one per run.
 */
final class RunSummary {

  private record Entry(ExperimentRunner.Outcome outcome, Optional<Path> report,
      List<VerdictSummary.Row> verdicts) {
  }

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private final List<Entry> entries = new ArrayList<>();
  private final long started = System.nanoTime();
  private Path lastReport;

  /** Adds an experiment's outcome; {@code report} is its HTML report, {@code null} if skipped. */
  void add(ExperimentRunner.Outcome outcome, Path report) {
    entries.add(new Entry(outcome, Optional.ofNullable(report),
        VerdictSummary.rows(outcome.folder(), outcome.skipped())));
  }

  /** Writes the index page when there are several reports. */
  void finish(Path resultsRoot) {
    List<Path> reports = entries.stream().flatMap(e -> e.report().stream()).toList();
    lastReport = reports.size() > 1 ? Reports.index(resultsRoot)
        : reports.isEmpty() ? null : reports.get(0);
  }

  boolean anyFailed() {
    return entries.stream().anyMatch(e -> e.outcome().anyFailed());
  }

  /** The table, the verdicts, the time taken and the report's path. */
  String text() {
    StringBuilder out = new StringBuilder();
    for (Entry e : entries) {
      ExperimentRunner.Outcome o = e.outcome();
      out.append("== ").append(o.spec().id());
      if (o.skipped().isPresent()) {
        out.append(": skipped — ").append(o.skipped().get()).append('\n');
        continue;
      }
      out.append('\n').append(String.format(Locale.ROOT, "  %-40s %-9s %9s %-6s %9s %7s  %s%n",
          "trial", "status", "ops/s", "steady", "client µs", "errors",
          "p50 / p99 ms per operation"));
      for (ExperimentRunner.TrialOutcome t : o.trials()) {
        Optional<StoredTrial> s = StoredTrial.read(o.folder().resolve(t.id()));
        out.append(String.format(Locale.ROOT, "  %-40s %-9s %9s %-6s %9s %7s  %s%n", t.id(),
            t.status(), s.map(x -> String.format(Locale.ROOT, "%.0f", x.throughput())).orElse("-"),
            s.flatMap(StoredTrial::steady).map(b -> b ? "yes" : "no").orElse("-"),
            s.map(StoredTrial::clientMicrosPerOp).filter(OptionalDouble::isPresent)
                .map(v -> String.format(Locale.ROOT, "%.0f", v.getAsDouble())).orElse("-"),
            s.map(x -> String.valueOf(errors(x))).orElse("-"),
            s.map(RunSummary::latencies).orElse(t.failed() ? t.detail() : "")));
      }
    }
    List<VerdictSummary.Row> verdicts = entries.stream().flatMap(e -> e.verdicts().stream())
        .toList();
    out.append(VerdictSummary.render(verdicts));
    out.append(String.format(Locale.ROOT, "ran %d experiment(s) in %s%n", entries.size(),
        elapsed()));
    if (lastReport != null) {
      out.append("report: ").append(lastReport.toAbsolutePath()).append('\n');
    }
    return out.toString();
  }

  /** The same as one JSON document. */
  String json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", "ycsb-mongo-refarch/run-summary/1");
    root.put("failed", anyFailed());
    root.put("seconds", Duration.ofNanos(System.nanoTime() - started).toSeconds());
    root.put("report", lastReport == null ? null : lastReport.toAbsolutePath().toString());
    ArrayNode experiments = root.putArray("experiments");
    for (Entry e : entries) {
      ObjectNode x = experiments.addObject();
      x.put("id", e.outcome().spec().id());
      x.put("folder", e.outcome().folder().toAbsolutePath().toString());
      x.put("skipped", e.outcome().skipped().orElse(null));
      ArrayNode trials = x.putArray("trials");
      e.outcome().trials().forEach(t -> trial(trials.addObject(), e.outcome().folder(), t));
      ArrayNode verdicts = x.putArray("verdicts");
      for (VerdictSummary.Row r : e.verdicts()) {
        var v = verdicts.addObject().put("study", r.study()).put("figure", r.figure())
            .put("measuredChange", r.measuredChange()).put("expected", r.expected())
            .put("verdict", r.verdict().kind().label()).put("reason", r.verdict().reason());
        r.verdict().effect().ifPresent(effect -> {
          v.put("effect", effect.pct());
          effect.ci95().ifPresent(c -> v.putArray("ci95").add(c.low()).add(c.high()));
          v.put("method", effect.method());
          v.putObject("repetitions").put("measured", effect.measured().repetitions())
              .put("baseline", effect.base().repetitions());
        });
        v.put("window", r.verdict().window());
        r.verdict().caveats().forEach(c -> v.withArray("caveats").add(c));
      }
    }
    try {
      return JSON.writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
      throw new IllegalStateException(ex);
    }
  }

  private static void trial(ObjectNode n, Path folder, ExperimentRunner.TrialOutcome t) {
    n.put("id", t.id()).put("status", t.status()).put("detail", t.detail());
    StoredTrial.read(folder.resolve(t.id())).ifPresent(s -> {
      n.put("throughputOpsPerSecond", s.throughput());
      s.steady().ifPresent(b -> n.put("steady", b));
      s.clientMicrosPerOp().ifPresent(v -> n.put("clientMicrosPerOperation", v));
      n.put("errors", errors(s));
      ObjectNode ops = n.putObject("operations");
      s.operations().forEach((op, f) -> ops.putObject(op).put("operations", f.operations())
          .put("errors", f.errors()).put("p50Ms", f.p50Ms()).put("p99Ms", f.p99Ms()));
    });
  }

  private static long errors(StoredTrial s) {
    return s.operations().values().stream().mapToLong(StoredTrial.OperationFigures::errors).sum();
  }

  private static String latencies(StoredTrial s) {
    List<String> parts = new ArrayList<>();
    s.operations().forEach((op, f) -> parts.add(String.format(Locale.ROOT, "%s %s / %s", op,
        ms(f.p50Ms()), ms(f.p99Ms()))));
    return String.join("  ", parts);
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "-" : v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
        : v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  private String elapsed() {
    return Duration.ofNanos(System.nanoTime() - started).truncatedTo(
        java.time.temporal.ChronoUnit.SECONDS).toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
