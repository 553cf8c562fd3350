package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.Effect;
import dev.refarch.experiments.stats.LogEstimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Two results folders side by side — the same experiment before and after a change, or on two
 * platforms, or two sets of points of one experiment — with the change of every figure from A to
 * B and its 95 % confidence interval: across each point's repetitions (Welch's t on the logs;
 * blocked by round when both sides select points of one folder, whose rounds ran them side by
 * side, {@link RoundBlocks}), or within a single trial (a moving-block bootstrap over its seconds)
 * — and what it says: B faster, slower, higher or lower, or no detectable difference; or, where
 * the machine's own speed changed between A's trials and B's as much as the figure did
 * ({@link MachineChange}), not attributable or inconclusive. Points are matched by their
 * parameters, less those a side selects its points by ({@code where}:
 * {@code mongodb.durability=durable} on one side against {@code mongodb.durability=balanced} on
 * the other compares the two profiles point by point). Reads only the two results folders;
 * {@code report.format.ComparisonReport} writes a {@link Result} as {@code comparison.html}
 * (self-contained, charts embedded), {@code comparison.json} and {@code comparison.csv}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Comparison.Result r = Comparison.compare(Path.of("results/A9-durability"),
 *     Map.of("mongodb.durability", "durable"), Path.of("results/A9-durability"),
 *     Map.of("mongodb.durability", "balanced"));
 * r.rows().forEach(row -> System.out.println(row.describe()));
 * }</pre>
 */
public final class Comparison {

  private Comparison() {
  }

  /**
   * One side of a comparison.
   *
   * @param label how the pages name it: its folder with the folder above, e.g.
   *     {@code results/A1-client-threads}, and its selection
   * @param results what the folder holds
   * @param where the parameters its points are selected by (all when empty)
   */
  public record Side(String label, ExperimentResults results, Map<String, String> where) {
    public Side {
      where = StoredPlan.ordered(where);
    }

    /** The selected points, each by its parameters less the selection's. */
    Map<Map<String, String>, Point> points() {
      Map<Map<String, String>, Point> index = new LinkedHashMap<>();
      for (Point p : results.points()) {
        if (p.matches(where)) {
          Map<String, String> key = new LinkedHashMap<>(p.parameters());
          where.keySet().forEach(key::remove);
          index.put(StoredPlan.ordered(key), p);
        }
      }
      return index;
    }
  }

  /** What was compared: the two sides and a row per figure. */
  public record Result(Side a, Side b, List<ComparisonRow> rows) {
    public Result {
      rows = List.copyOf(rows);
    }
  }

  /**
   * Compares the points of {@code dirA} selected by {@code whereA} with those of {@code dirB}
   * selected by {@code whereB}.
   *
   * @throws ReportException when a folder has no readable plan
   * @throws dev.refarch.platform.spi.config.ConfigurationException when a selection matches no
   *     point, naming the values the folder has
   */
  public static Result compare(Path dirA, Map<String, String> whereA, Path dirB,
      Map<String, String> whereB) {
    Side a = side(dirA, whereA, "--where-a");
    Side b = side(dirB, whereB, "--where-b");
    return new Result(a, b, rows(a, b, sameFolder(dirA, dirB)));
  }

  static Side side(Path dir) {
    return side(dir, Map.of(), "where");
  }

  private static Side side(Path dir, Map<String, String> where, String option) {
    Path abs = dir.toAbsolutePath().normalize();
    String label = abs.getParent() == null || abs.getParent().getFileName() == null
        ? String.valueOf(abs.getFileName())
        : abs.getParent().getFileName() + "/" + abs.getFileName();
    ExperimentResults results = ExperimentResults.load(dir);
    Side side = new Side(where.isEmpty() ? label : label + " where " + Formats.parameters(where),
        results, where);
    if (!where.isEmpty() && side.points().isEmpty()) {
      Map<String, java.util.Set<String>> values = new java.util.TreeMap<>();
      results.points().forEach(p -> p.parameters().forEach((k, v) ->
          values.computeIfAbsent(k, x -> new java.util.TreeSet<>()).add(v)));
      throw new dev.refarch.platform.spi.config.ConfigurationException(option,
          Formats.parameters(where), "parameters of a point of " + label + ": " + values);
    }
    return side;
  }

  /** Whether the two paths name one folder: then its points ran in the same rounds. */
  private static boolean sameFolder(Path dirA, Path dirB) {
    try {
      return Files.isSameFile(dirA, dirB);
    } catch (IOException e) {
      throw new ReportException(dirA, "cannot tell whether it is " + dirB + ": " + e.getMessage(),
          e);
    }
  }

  /**
   * Every figure of every set of parameters in A or B: A's points in order, then those only B
   * has; per point the operations and metrics either side measured.
   *
   * @param sameFolder whether both sides select points of one results folder: then a change is
   *     blocked by round where it can be ({@link #blocked})
   */
  static List<ComparisonRow> rows(Side a, Side b, boolean sameFolder) {
    Map<Map<String, String>, Point> inA = a.points();
    Map<Map<String, String>, Point> inB = b.points();
    Set<Map<String, String>> all = new LinkedHashSet<>(inA.keySet());
    all.addAll(inB.keySet());
    List<ComparisonRow> rows = new ArrayList<>();
    List<Point> study = sameFolder ? a.results().points() : List.of();
    for (Map<String, String> parameters : all) {
      Optional<Point> pa = Optional.ofNullable(inA.get(parameters));
      Optional<Point> pb = Optional.ofNullable(inB.get(parameters));
      Set<String> ops = new LinkedHashSet<>();
      pa.ifPresent(p -> ops.addAll(p.operations()));
      pb.ifPresent(p -> ops.addAll(p.operations()));
      Optional<MachineChange> machine = MachineChange.of(pa, pb);
      for (String op : Point.ordered(ops)) {
        for (Quantity m : Quantity.values()) {
          row(parameters, op, m, pa, pb, machine, study).ifPresent(rows::add);
        }
      }
    }
    return rows;
  }

  private static Optional<ComparisonRow> row(Map<String, String> parameters, String op, Quantity m,
      Optional<Point> pa, Optional<Point> pb, Optional<MachineChange> machine, List<Point> study) {
    Optional<LogEstimate> ea = pa.flatMap(p -> PointEstimates.of(p.completed(), op, m));
    Optional<LogEstimate> eb = pb.flatMap(p -> PointEstimates.of(p.completed(), op, m));
    if (ea.isEmpty() && eb.isEmpty()) {
      return Optional.empty();
    }
    Optional<Effect> effect = ea.isPresent() && eb.isPresent()
        ? Optional.of(blocked(op, m, pa.get(), pb.get(), study)
            .orElseGet(() -> Effect.between(eb.get(), ea.get())))
        : Optional.empty();
    Optional<String> why = tooFew(pa, op, m).or(() -> tooFew(pb, op, m));
    return Optional.of(new ComparisonRow(parameters, op, m, PointEstimates.value(ea),
        PointEstimates.value(eb), pa.map(p -> p.completed().size()).orElse(0),
        pb.map(p -> p.completed().size()).orElse(0), effect, why, machine));
  }

  /**
   * The change from {@code a} to {@code b} blocked by round over {@code study}'s points (those of
   * the one folder both sides select from; {@link RoundBlocks}) — when they are two points, share
   * 2 or more rounds and every completed repetition of either ran in one of them. Otherwise empty,
   * and Welch's interval over all their repetitions is the one given: a blocked interval that left
   * repetitions out would compare fewer figures than the row shows.
   */
  private static Optional<Effect> blocked(String op, Quantity m, Point a, Point b,
      List<Point> study) {
    if (study.isEmpty() || a.equals(b)) {
      return Optional.empty();
    }
    return RoundBlocks.effect(t -> t.value(op, m), b, a, study, Point::completed)
        .filter(x -> x.outside() == 0).map(RoundBlocks.Blocked::effect);
  }

  /** Why a percentile of {@code p} is not judged: a repetition with too few operations behind it. */
  private static Optional<String> tooFew(Optional<Point> p, String op, Quantity m) {
    long need = Verdicts.samplesNeeded(m);
    long have = p.map(x -> x.samples(op)).orElse(need);
    return have >= need ? Optional.empty() : Optional.of("not judged: fewer than " + need
        + " samples for " + m.label() + " of " + op + " (" + have + ")");
  }

  /** The parameters {@code one} has a point for and {@code other} has not. */
  public static List<Map<String, String>> onlyIn(Side one, Side other) {
    Set<Map<String, String>> others = other.points().keySet();
    return one.points().keySet().stream().filter(p -> !others.contains(p)).toList();
  }
}
