package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.SloMark;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.report.Verdicts;
import java.util.ArrayList;
import java.util.List;

/**
 * The points table of {@code report.html}: per point its parameters, how many repetitions
 * completed and were steady, overall throughput, per operation type the measured operations
 * behind its figures and p50 and p99 (marked when too few operations stand behind them), the
 * longest interruption when there were faults, the acknowledged-write audit when trials ran it
 * (acknowledged writes and those lost, of them updates, and the documents the members' rollback
 * files hold — the durability table of a failure study), and whether it met the SLO. The baseline row and each
 * series' highest throughput within the SLO are highlighted.
 *
 * <p>Stateless and thread-safe.
 */
final class PointsTable {

  /**
   * The audit's columns: operation, figure, header. The writes are inserts and updates together;
   * the updates' own are shown where the trial measured updates and logged them.
   */
  private record AuditColumn(String operation, Quantity quantity, String header) {
  }

  private static final List<AuditColumn> AUDIT = List.of(
      new AuditColumn(Quantity.OVERALL, Quantity.ACKNOWLEDGED_WRITES, "acknowledged writes"),
      new AuditColumn(Quantity.OVERALL, Quantity.LOST_WRITES, "acknowledged and lost"),
      new AuditColumn("UPDATE", Quantity.ACKNOWLEDGED_WRITES, "of them updates"),
      new AuditColumn("UPDATE", Quantity.LOST_WRITES, "updates lost"),
      new AuditColumn(Quantity.OVERALL, Quantity.ROLLED_BACK, "in rollback files"));

  private PointsTable() {
  }

  static void write(Html h, ExperimentResults r, List<SloMark> marks) {
    List<String> parameters = ReportCsv.parameterColumns(r);
    List<String> operations = r.operations().stream().filter(o -> !o.equals(Quantity.OVERALL))
        .toList();
    boolean interruptions = r.points().stream()
        .anyMatch(p -> p.stat(Quantity.OVERALL, Quantity.INTERRUPTION).isPresent());
    List<AuditColumn> audit = AUDIT.stream().filter(c -> r.points().stream()
        .anyMatch(p -> p.stat(c.operation(), c.quantity()).isPresent())).toList();
    List<String> headers = new ArrayList<>(parameters);
    headers.add("repetitions");
    headers.add("throughput ops/s");
    for (String op : operations) {
      headers.add(op + " n");
      headers.add(op + " p50 ms");
      headers.add(op + " p99 ms");
    }
    if (interruptions) {
      headers.add("interruption ms");
    }
    audit.forEach(c -> headers.add(c.header()));
    r.plan().slo().ifPresent(slo -> headers.add("within SLO"));
    h.table("points", headers.toArray(String[]::new));
    for (Point p : r.points()) {
      List<String> cells = new ArrayList<>();
      parameters.forEach(name -> cells.add(p.parameters().getOrDefault(name, "")));
      cells.add(repetitions(p));
      cells.add(ReportHtml.stat(p.stat(Quantity.OVERALL, Quantity.THROUGHPUT), Quantity.THROUGHPUT));
      for (String op : operations) {
        cells.add(p.completed().isEmpty() ? "" : String.valueOf(p.samples(op)));
        cells.add(flagged(p, op, Quantity.P50));
        cells.add(flagged(p, op, Quantity.P99));
      }
      if (interruptions) {
        cells.add(ReportHtml.stat(p.stat(Quantity.OVERALL, Quantity.INTERRUPTION), Quantity.INTERRUPTION));
      }
      audit.forEach(c -> cells.add(ReportHtml.stat(p.stat(c.operation(), c.quantity()),
          c.quantity())));
      r.plan().slo().ifPresent(slo -> cells.add(p.completed().isEmpty() ? ""
          : SloMark.meets(slo, p.median(slo.operation(), slo.metric())) ? "yes" : "no"));
      h.row(rowClass(r, p, marks), cells.toArray(String[]::new));
    }
    h.endTable();
  }

  /** The figure, marked when fewer samples than it needs stand behind it. */
  private static String flagged(Point p, String op, Quantity m) {
    String figure = ReportHtml.stat(p.stat(op, m), m);
    long need = Verdicts.samplesNeeded(m);
    return figure.isEmpty() || p.samples(op) >= need ? figure
        : figure + " (few samples: " + p.samples(op) + " < " + need + ")";
  }

  /** {@code 2 of 2, 2 steady}, {@code 0 of 1 (1 failed)}. */
  private static String repetitions(Point p) {
    String s = p.count(TrialRecord.Status.COMPLETED) + " of " + p.trials().size()
        + (p.completed().isEmpty() ? "" : ", " + p.steadyCount() + " steady");
    List<String> other = new ArrayList<>();
    for (TrialRecord.Status status : List.of(TrialRecord.Status.FAILED, TrialRecord.Status.MISSING)) {
      if (p.count(status) > 0) {
        other.add(p.count(status) + " " + status.label());
      }
    }
    return other.isEmpty() ? s : s + " (" + String.join(", ", other) + ")";
  }

  private static String rowClass(ExperimentResults r, Point p, List<SloMark> marks) {
    if (marks.stream().anyMatch(m -> m.best().filter(p::equals).isPresent())) {
      return "slo-best";
    }
    if (r.baselinePoint().filter(p::equals).isPresent()) {
      return "baseline";
    }
    return p.completed().isEmpty() ? "empty" : "";
  }
}
