package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.Stat;
import dev.refarch.experiments.report.TrialRecord;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code report.csv}: one row per point, operation type and metric, with the point's
 * parameters in their own columns, the median, min, max, mean and 95 % confidence interval over
 * completed repetitions, the measured operations behind the figure (the fewest of any
 * repetition), how many repetitions completed, failed, are missing and were steady — and, on the
 * row of a figure the paper reports, the paper's value and the verdict with its reason. A point
 * none of whose trials completed has one row with empty figures, and a reference whose figure
 * was not measured has a row of its own, so neither is silently absent.
 *
 * <pre>
 * workload,threadcount,operation,metric,unit,median,min,max,mean,ci95,samples,completed,failed,missing,steady,paper,verdict,why
 * a,8,OVERALL,throughput,ops/s,3308.500,3225.000,3392.000,3308.500,1061.012,52310,2,0,0,2,28529.000,not comparable here,platform only: …
 * </pre>
 *
 * <p>Numbers have three decimals and a dot in every locale. Stateless and thread-safe.
 */
final class ReportCsv {

  private ReportCsv() {
  }

  static String render(ExperimentResults r, List<ReferenceCheck> checks) {
    List<String> parameters = parameterColumns(r);
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(parameters);
    header.addAll(List.of("operation", "metric", "unit", "median", "min", "max", "mean", "ci95",
        "samples", "completed", "failed", "missing", "steady", "paper", "verdict", "why"));
    line(out, header);
    List<ReferenceCheck> unmatched = new ArrayList<>(checks);
    for (Point p : r.points()) {
      List<String> head = new ArrayList<>();
      parameters.forEach(name -> head.add(p.parameters().getOrDefault(name, "")));
      boolean any = false;
      for (String op : p.operations()) {
        for (Quantity m : Quantity.values()) {
          Optional<Stat> s = p.stat(op, m);
          if (s.isPresent()) {
            any = true;
            Optional<ReferenceCheck> ref = take(unmatched, r, p, op, m);
            List<String> row = new ArrayList<>(head);
            row.addAll(List.of(op, m.label(), m.unit(), number(s.get().median()),
                number(s.get().min()), number(s.get().max()), number(s.get().mean()),
                Double.isNaN(s.get().ci95()) ? "" : number(s.get().ci95()),
                String.valueOf(p.samples(op))));
            row.addAll(counts(p));
            row.addAll(verdict(ref));
            line(out, row);
          }
        }
      }
      if (!any) {
        List<String> row = new ArrayList<>(head);
        row.addAll(List.of("", "", "", "", "", "", "", "", ""));
        row.addAll(counts(p));
        row.addAll(List.of("", "", ""));
        line(out, row);
      }
    }
    for (ReferenceCheck c : unmatched) {
      Optional<Point> p = r.point(c.reference().parameters());
      List<String> row = new ArrayList<>();
      parameters.forEach(name -> row.add(p.map(Point::parameters).orElse(c.reference().parameters())
          .getOrDefault(name, "")));
      row.addAll(List.of(c.reference().operation(), c.reference().metric().label(),
          c.reference().metric().unit(), "", "", "", "", "", ""));
      row.addAll(p.map(ReportCsv::counts).orElse(List.of("0", "0", "0", "0")));
      row.addAll(verdict(Optional.of(c)));
      line(out, row);
    }
    return out.toString();
  }

  /** The check whose figure is this row's, removed from {@code unmatched}, if any. */
  private static Optional<ReferenceCheck> take(List<ReferenceCheck> unmatched,
      ExperimentResults r, Point p, String op, Quantity m) {
    for (ReferenceCheck c : unmatched) {
      if (c.reference().operation().equals(op) && c.reference().metric() == m
          && r.point(c.reference().parameters()).filter(p::equals).isPresent()) {
        unmatched.remove(c);
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  private static List<String> counts(Point p) {
    return List.of(String.valueOf(p.count(TrialRecord.Status.COMPLETED)),
        String.valueOf(p.count(TrialRecord.Status.FAILED)),
        String.valueOf(p.count(TrialRecord.Status.MISSING)), String.valueOf(p.steadyCount()));
  }

  private static List<String> verdict(Optional<ReferenceCheck> c) {
    if (c.isEmpty()) {
      return List.of("", "", "");
    }
    return List.of(c.get().reference().value().isPresent()
        ? number(c.get().reference().value().getAsDouble()) : "",
        c.get().verdict().kind().label(), c.get().verdict().reason());
  }

  /** The plan's swept parameters, then any other parameter a trial has (e.g. {@code target}). */
  static List<String> parameterColumns(ExperimentResults r) {
    Set<String> names = new LinkedHashSet<>(r.plan().sweep().parameters());
    r.points().forEach(p -> names.addAll(p.parameters().keySet()));
    return List.copyOf(names);
  }

  static String number(double v) {
    return Formats.decimal(v).toPlainString();
  }

  /** Appends one CSV line; cells with a comma, quote or line break are quoted (RFC 4180). */
  static void line(StringBuilder out, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      if (i > 0) {
        out.append(',');
      }
      if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
        out.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        out.append(c);
      }
    }
    out.append('\n');
  }
}
