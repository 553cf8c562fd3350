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
   * @param measuredChange the measured change against the baseline with its 95 % interval, e.g.
   *     {@code +34.5 % [+20.1, +49.9]}; {@code baseline} for the baseline's own figure, empty when
   *     not measured
   * @param expected what of the figure transfers, e.g. {@code up by +10 % or more}
   * @param verdict the verdict and why
   * @param repetitions the repetitions behind each side of the change, e.g. {@code 3 and 3};
   *     empty without an effect
   */
  public record Row(String experiment, String study, String figure, String measuredChange,
      String expected, Verdict verdict, String repetitions) {
  }

  /**
   * The rows of the experiment in {@code experimentDir}.
   *
   * @param skipped why the whole experiment was skipped, if it was
   */
  public static List<Row> rows(Path experimentDir, Optional<String> skipped) {
    ExperimentResults r = ExperimentResults.load(experimentDir);
    List<Row> rows = new ArrayList<>();
    for (ReferenceCheck c : ReferenceCheck.all(r, ExperimentResults.siblings(experimentDir))) {
      StoredPlan.Reference ref = c.reference();
      Verdict v = skipped.map(s -> Verdict.notComparable("study skipped: " + s)).orElse(c.verdict());
      String change = c.isBaseline() ? "baseline" : v.effect().map(Object::toString)
          .orElse(c.measuredChangePct().isPresent()
              ? Formats.percent(c.measuredChangePct().getAsDouble()) : "");
      rows.add(new Row(r.plan().experiment(), r.plan().study(), ref.metric().label() + " "
          + ref.operation() + " at " + Formats.parameters(ref.parameters()), change,
          ref.transfer().describe(), v, v.effect().map(e -> e.repetitions()).orElse("")));
    }
    return rows;
  }

  /**
   * Counts per verdict, then one line per row: study, figure, measured change with its 95 %
   * interval, repetitions, verdict, why (and the caveats, indented).
   */
  public static String render(List<Row> rows) {
    Map<Verdict.Kind, Integer> counts = new EnumMap<>(Verdict.Kind.class);
    rows.forEach(r -> counts.merge(r.verdict().kind(), 1, Integer::sum));
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "verdicts: %d references — %d agree, %d disagree, %d inconclusive, %d not comparable"
            + " here%n", rows.size(),
        counts.getOrDefault(Verdict.Kind.AGREES, 0), counts.getOrDefault(Verdict.Kind.DISAGREES, 0),
        counts.getOrDefault(Verdict.Kind.INCONCLUSIVE, 0),
        counts.getOrDefault(Verdict.Kind.NOT_COMPARABLE, 0)));
    for (Row r : rows) {
      out.append(String.format(Locale.ROOT, "  %-5s %-52s %24s %-7s %-19s %s%n",
          r.study().isEmpty() ? r.experiment() : r.study(), shorten(r.figure(), 52),
          r.measuredChange(), r.repetitions().isEmpty() ? "" : "n=" + r.repetitions()
              .replace(" and ", "/"), r.verdict().kind().label(), r.verdict().reason()));
      for (String caveat : r.verdict().caveats()) {
        out.append("        caveat: ").append(caveat).append(System.lineSeparator());
      }
    }
    return out.toString();
  }

  private static String shorten(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "…";
  }
}
