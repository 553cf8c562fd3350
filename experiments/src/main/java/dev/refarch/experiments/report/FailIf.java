package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Interval;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A regression threshold on a comparison, e.g. {@code throughput < -5%} or
 * {@code p99(UPDATE) > +10%}: it fails a build only when the change from the baseline (A) to
 * the run under test (B) lies <em>wholly</em> beyond the threshold — its whole 95 % confidence
 * interval — so that noise alone never fails it, and a change that might be as large as the
 * threshold but might not does not either (it says so). Nor does the machine: where the machine's
 * own speed changed between A's and B's trials ({@link MachineChange}) in the threshold's
 * direction, the most it alone can have done to the figure is taken out of the interval, as a
 * ratio, and the figure fails only when what is left still lies wholly beyond the threshold.
 * {@code refarch compare --fail-if} and the
 * baseline assertion of {@code mvn verify} both judge through this class, with the same message.
 * Immutable.
 *
 * <pre>{@code
 * FailIf f = FailIf.parse("p99(UPDATE) > +10%");
 * FailIf.Judgement j = f.judge(Comparison.compare(baseline, Map.of(), current, Map.of()).rows());
 * if (j.failed()) throw new AssertionError(j.message());
 * }</pre>
 *
 * @param metric the figure
 * @param operation the operation it is of; {@link Quantity#OVERALL} when the expression names none
 * @param above {@code >} (a rise beyond the threshold fails) rather than {@code <}
 * @param thresholdPct the threshold, a signed percentage of A's figure
 * @param text the expression as given
 */
public record FailIf(Quantity metric, String operation, boolean above, double thresholdPct,
    String text) {

  /** The grammar, for messages. */
  public static final String FORM = "<metric>[(<OPERATION>)] < or > <signed percent>%, e.g."
      + " \"throughput < -5%\" or \"p99(UPDATE) > +10%\"; metrics: " + String.join(", ",
          Quantity.labels());

  private static final Pattern EXPRESSION = Pattern.compile(
      "\\s*([a-z0-9.\\-]+)\\s*(?:\\(\\s*([A-Za-z0-9_\\-]+)\\s*\\))?\\s*([<>])\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*%\\s*");

  public FailIf {
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(text, "text");
  }

  /**
   * Parses {@code expression}.
   *
   * @throws ConfigurationException naming {@code --fail-if}, the expression and the grammar
   */
  public static FailIf parse(String expression) {
    Matcher m = EXPRESSION.matcher(expression == null ? "" : expression);
    if (!m.matches()) {
      throw new ConfigurationException("--fail-if", expression, FORM);
    }
    Quantity metric;
    try {
      metric = Quantity.parse("--fail-if metric", m.group(1));
    } catch (ConfigurationException e) {
      throw new ConfigurationException("--fail-if", expression, FORM, e.hint());
    }
    String op = m.group(2) == null ? Quantity.OVERALL : m.group(2).toUpperCase(Locale.ROOT);
    return new FailIf(metric, op, m.group(3).equals(">"), Double.parseDouble(m.group(4)),
        expression.trim());
  }

  /**
   * What a threshold says of a comparison.
   *
   * @param failed whether any matched figure's whole interval lies beyond the threshold
   * @param lines one per matched figure: its change, interval and why it fails or passes
   */
  public record Judgement(boolean failed, List<String> lines) {
    public Judgement {
      lines = List.copyOf(lines);
    }

    /** The lines, one per figure, after the expression. */
    public String message() {
      return String.join(System.lineSeparator(), lines);
    }
  }

  /**
   * Judges every row of {@code rows} of this metric and operation.
   *
   * @throws ConfigurationException when no row has the figure (a typo would otherwise pass)
   */
  public Judgement judge(List<ComparisonRow> rows) {
    List<ComparisonRow> matched = rows.stream().filter(r -> r.metric() == metric
        && r.operation().equals(operation) && r.a().isPresent() && r.b().isPresent()).toList();
    if (matched.isEmpty()) {
      List<String> have = rows.stream().filter(r -> r.a().isPresent() && r.b().isPresent())
          .map(r -> r.metric().label() + "(" + r.operation() + ")").distinct().toList();
      throw new ConfigurationException("--fail-if", text, "a figure both sides have: "
          + String.join(", ", have));
    }
    boolean failed = false;
    List<String> lines = new ArrayList<>();
    for (ComparisonRow r : matched) {
      String where = metric.label() + " of " + operation + (r.parameters().isEmpty() ? ""
          : " at " + Formats.parameters(r.parameters()));
      String threshold = (above ? "above " : "below ") + Formats.percent(thresholdPct);
      if (r.why().isPresent() || r.effect().isEmpty() || r.effect().get().ci95().isEmpty()) {
        lines.add(String.format(Locale.ROOT, "%s: not judged (%s): passes", where,
            r.why().orElse(r.effect().map(e -> e.method()).orElse("no figure"))));
        continue;
      }
      Interval ci = r.effect().get().ci95().get();
      boolean beyond = above ? ci.low() > thresholdPct : ci.high() < thresholdPct;
      boolean reaches = above ? ci.high() > thresholdPct : ci.low() < thresholdPct;
      java.util.OptionalDouble alone = r.machineAlone();
      if (beyond && alone.isPresent()
          && (above ? alone.getAsDouble() > 0 : alone.getAsDouble() < 0)) {
        // the most the machine alone can have done, taken out of the whole interval
        Interval own = new Interval(without(ci.low(), alone.getAsDouble()),
            without(ci.high(), alone.getAsDouble()));
        boolean ownBeyond = above ? own.low() > thresholdPct : own.high() < thresholdPct;
        failed |= ownBeyond;
        lines.add(String.format(Locale.ROOT, "%s: %s (%s) lies wholly %s, but %s, which alone"
            + " would make it %+.1f %%; without that, %s %s", where, r.effect().get(),
            r.effect().get().method(), threshold, r.machine().get().describe(),
            alone.getAsDouble(), own, ownBeyond ? "still lies wholly " + threshold + ": FAILS"
                : "does not: passes (not attributable to B)"));
        continue;
      }
      failed |= beyond;
      lines.add(String.format(Locale.ROOT, "%s: %s (%s) %s", where, r.effect().get(),
          r.effect().get().method(), beyond ? "lies wholly " + threshold + ": FAILS"
              : reaches ? "might lie " + threshold + " but might not: passes (noise decides)"
              : "does not reach " + threshold + ": passes"));
    }
    return new Judgement(failed, lines);
  }

  /** The change {@code pct} with a change {@code alone} taken out, as ratios. */
  private static double without(double pct, double alone) {
    return ((1 + pct / 100) / (1 + alone / 100) - 1) * 100;
  }
}
