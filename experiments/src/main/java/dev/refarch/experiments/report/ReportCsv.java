package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code report.csv}: one row per point, operation type and metric, with the point's
 * parameters in their own columns, the median, min and max over completed repetitions, and how
 * many repetitions completed, failed or are missing. A point none of whose trials completed has
 * one row with empty figures, so it is not silently absent.
 *
 * <pre>
 * workload,threadcount,operation,metric,unit,median,min,max,completed,failed,missing
 * a,1,OVERALL,throughput,ops/s,308.500,225.000,392.000,2,0,0
 * </pre>
 *
 * <p>Numbers have three decimals and a dot in every locale. Stateless and thread-safe.
 */
final class ReportCsv {

  private ReportCsv() {
  }

  static String render(ExperimentResults r) {
    List<String> parameters = parameterColumns(r);
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(parameters);
    header.addAll(List.of("operation", "metric", "unit", "median", "min", "max", "completed",
        "failed", "missing"));
    line(out, header);
    for (Point p : r.points()) {
      List<String> head = new ArrayList<>();
      parameters.forEach(name -> head.add(p.parameters().getOrDefault(name, "")));
      List<String> counts = List.of(count(p, TrialRecord.Status.COMPLETED),
          count(p, TrialRecord.Status.FAILED), count(p, TrialRecord.Status.MISSING));
      boolean any = false;
      for (String op : p.operations()) {
        for (Metric m : Metric.values()) {
          Optional<Stat> s = p.stat(op, m);
          if (s.isPresent()) {
            any = true;
            List<String> row = new ArrayList<>(head);
            row.addAll(List.of(op, m.label(), m.unit(), number(s.get().median()),
                number(s.get().min()), number(s.get().max())));
            row.addAll(counts);
            line(out, row);
          }
        }
      }
      if (!any) {
        List<String> row = new ArrayList<>(head);
        row.addAll(List.of("", "", "", "", "", ""));
        row.addAll(counts);
        line(out, row);
      }
    }
    return out.toString();
  }

  /** The plan's swept parameters, then any other parameter a trial has (e.g. {@code target}). */
  static List<String> parameterColumns(ExperimentResults r) {
    Set<String> names = new LinkedHashSet<>(r.plan().sweep().parameters());
    r.points().forEach(p -> names.addAll(p.parameters().keySet()));
    return List.copyOf(names);
  }

  private static String count(Point p, TrialRecord.Status status) {
    return String.valueOf(p.count(status));
  }

  static String number(double v) {
    return Labels.decimal(v).toPlainString();
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
