package dev.refarch.experiments.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every reference of one or more experiments with its verdict, as rows a table can show: what
 * the end of {@code refarch run} prints. An experiment that was skipped lists its references as
 * not comparable, with the reason it was skipped.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * List<VerdictSummary.Row> rows = VerdictSummary.rows(Path.of("results/A9-durability"), Optional.empty());
 * System.out.print(VerdictSummary.render(rows));
 * }</pre>
 */
public final class VerdictSummary {

  private VerdictSummary() {
  }

  /**
   * One reference's line.
   *
   * @param experiment the experiment's id
   * @param study the study, e.g. {@code A9}
   * @param figure what the paper reports, e.g. {@code throughput OVERALL at workload=a …}
   * @param measuredChange the measured change against the baseline, e.g. {@code +34.5 %};
   *     {@code baseline} for the baseline's own figure, empty when not measured
   * @param expected what of the figure transfers, e.g. {@code up by +10 % or more}
   * @param verdict the verdict and why
   */
  public record Row(String experiment, String study, String figure, String measuredChange,
      String expected, Verdict verdict) {
  }

  /**
   * The rows of the experiment in {@code experimentDir}.
   *
   * @param skipped why the whole experiment was skipped, if it was
   */
  public static List<Row> rows(Path experimentDir, Optional<String> skipped) {
    ExperimentResults r = ExperimentResults.load(experimentDir);
    List<Row> rows = new ArrayList<>();
    for (ReferenceCheck c : ReferenceCheck.all(r, ExperimentReport.siblings(experimentDir))) {
      Plan.Reference ref = c.reference();
      Verdict v = skipped.map(s -> Verdict.notComparable("study skipped: " + s)).orElse(c.verdict());
      rows.add(new Row(r.plan().experiment(), r.plan().study(), ref.metric().label() + " "
          + ref.operation() + " at " + Labels.parameters(ref.parameters()),
          c.isBaseline() ? "baseline" : c.measuredChangePct().isPresent()
              ? Labels.percent(c.measuredChangePct().getAsDouble()) : "",
          ref.transfer().describe(), v));
    }
    return rows;
  }

  /** Counts per verdict, then one line per row: study, figure, measured change, verdict, why. */
  public static String render(List<Row> rows) {
    Map<Verdict.Kind, Integer> counts = new EnumMap<>(Verdict.Kind.class);
    rows.forEach(r -> counts.merge(r.verdict().kind(), 1, Integer::sum));
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "verdicts: %d references — %d agree, %d disagree, %d not comparable here%n", rows.size(),
        counts.getOrDefault(Verdict.Kind.AGREES, 0), counts.getOrDefault(Verdict.Kind.DISAGREES, 0),
        counts.getOrDefault(Verdict.Kind.NOT_COMPARABLE, 0)));
    for (Row r : rows) {
      out.append(String.format(Locale.ROOT, "  %-5s %-60s %9s  %-19s %s%n",
          r.study().isEmpty() ? r.experiment() : r.study(), shorten(r.figure(), 60),
          r.measuredChange(), r.verdict().kind().label(), r.verdict().reason()));
    }
    return out.toString();
  }

  private static String shorten(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "…";
  }
}
