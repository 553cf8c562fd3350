package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.BlockedDesign;
import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.LogEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The change of a figure between two points of one results folder, blocked by round: round
 * {@code r} runs every point of the study once before round {@code r + 1} starts (the runner
 * interleaves the repetitions), so the trials of a round share whatever the machine did then, and
 * a two-way model over the study's points takes that out of the interval ({@link BlockedDesign}).
 * Used by the verdicts and by {@code compare} when both sides select points of the same folder.
 *
 * <p>Stateless and thread-safe.
 */
final class RoundBlocks {

  private RoundBlocks() {
  }

  /**
   * What the design found: its effect, and how many of the two points' trials ran outside the
   * rounds both share (left out of it).
   */
  record Blocked(Effect effect, int outside) {
  }

  /**
   * The change of {@code figure} from {@code base}'s trials to {@code measured}'s, blocked by the
   * rounds (repetition numbers) both have a trial in, when they share 2 or more; the design's
   * other points are those of {@code study} with a figure in each of those rounds. Empty when
   * they share fewer than 2 rounds, a figure is missing or not positive, or a point has two
   * trials of one round.
   *
   * @param study every point of the study, {@code measured} and {@code base} among them or not
   * @param trials the trials of a point the design may use
   */
  static Optional<Blocked> effect(Function<TrialRecord, OptionalDouble> figure, Point measured,
      Point base, List<Point> study, Function<Point, List<TrialRecord>> trials) {
    Optional<SortedMap<Integer, Double>> rm = byRound(figure, trials.apply(measured));
    Optional<SortedMap<Integer, Double>> rb = byRound(figure, trials.apply(base));
    if (rm.isEmpty() || rb.isEmpty()) {
      return Optional.empty();
    }
    List<Integer> rounds = rm.get().keySet().stream().filter(rb.get()::containsKey).toList();
    if (rounds.size() < 2) {
      return Optional.empty();
    }
    List<double[]> rows = new ArrayList<>();
    rows.add(logs(rm.get(), rounds));
    rows.add(logs(rb.get(), rounds));
    for (Point other : study) {
      if (other.equals(measured) || other.equals(base)) {
        continue;
      }
      byRound(figure, trials.apply(other)).filter(r -> r.keySet().containsAll(rounds))
          .ifPresent(r -> rows.add(logs(r, rounds)));
    }
    Effect e = Effect.blocked(
        LogEstimate.ofRepetitions(rounds.stream().mapToDouble(rm.get()::get).toArray()),
        LogEstimate.ofRepetitions(rounds.stream().mapToDouble(rb.get()::get).toArray()),
        BlockedDesign.of(rows.toArray(double[][]::new)));
    return Optional.of(new Blocked(e, rm.get().size() + rb.get().size() - 2 * rounds.size()));
  }

  /** Each trial's figure by its round; empty when a round repeats or a figure is not positive. */
  private static Optional<SortedMap<Integer, Double>> byRound(
      Function<TrialRecord, OptionalDouble> figure, List<TrialRecord> trials) {
    SortedMap<Integer, Double> out = new TreeMap<>();
    for (TrialRecord t : trials) {
      OptionalDouble v = figure.apply(t);
      if (v.isEmpty() || !(v.getAsDouble() > 0) || !Double.isFinite(v.getAsDouble())
          || out.put(t.repetition(), v.getAsDouble()) != null) {
        return Optional.empty();
      }
    }
    return Optional.of(out);
  }

  private static double[] logs(SortedMap<Integer, Double> byRound, List<Integer> rounds) {
    return rounds.stream().mapToDouble(r -> Math.log(byRound.get(r))).toArray();
  }
}
