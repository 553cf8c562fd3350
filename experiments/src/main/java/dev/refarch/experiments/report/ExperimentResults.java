package dev.refarch.experiments.report;

import dev.refarch.experiments.results.TrialJson;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * An experiment's results folder read back: the plan, every planned trial (missing ones
 * included), the trials grouped into {@link Point}s, and the parameter charts put on their x-axis.
 * Everything derives from the folder; nothing is cached elsewhere. Immutable.
 *
 * <pre>{@code
 * ExperimentResults r = ExperimentResults.load(Path.of("results/A1-client-threads"));
 * r.points().forEach(p -> System.out.println(p.label() + " " + p.median("OVERALL", Quantity.THROUGHPUT)));
 * }</pre>
 *
 * @param plan the experiment's plan
 * @param trials every planned trial, in plan order
 * @param unplanned folders with a {@code trial.json} that the plan does not list, by name
 * @param points trials grouped by parameters, in the order each first appears in the plan
 * @param xParameter the parameter sweep charts put on the x-axis; empty when nothing varies
 * @param sloSearches each planned point's SLO search, when the plan has an SLO
 * @param rounds with {@code repetitions: {min, max}}, how the runner decided the repetitions
 *     beyond the fewest, from {@code repetitions.json}: e.g. {@code repetition 3 at 2 points;
 *     stopped: no verdict is inconclusive after 3 repetitions}
 */
public record ExperimentResults(StoredPlan plan, List<TrialRecord> trials, List<String> unplanned,
    List<Point> points, Optional<String> xParameter, List<SloSearchResult> sloSearches,
    Optional<String> rounds) {

  public ExperimentResults {
    trials = List.copyOf(trials);
    unplanned = List.copyOf(unplanned);
    points = List.copyOf(points);
    sloSearches = List.copyOf(sloSearches);
  }

  /**
   * Reads {@code experimentDir}: its {@code plan.json} and each planned trial's folder. A folder
   * of trials without a plan (as {@code SloTrial} writes them) reads as a plan of those trials.
   *
   * @throws ReportException when there is neither a readable plan nor a trial folder
   */
  public static ExperimentResults load(Path experimentDir) {
    StoredPlan plan = UnplannedTrials.holdsTrials(experimentDir) ? UnplannedTrials.plan(experimentDir)
        : StoredPlanJson.read(experimentDir.resolve(StoredPlan.FILE));
    List<TrialRecord> trials = new ArrayList<>();
    List<SloSearchResult> searches = new ArrayList<>();
    for (StoredPlan.PlannedTrial t : plan.trials()) {
      List<StoredPlan.PlannedTrial> probes = plan.slo().isPresent() ? probes(experimentDir, t) : List.of();
      if (t.conditional() && !java.nio.file.Files.isDirectory(experimentDir.resolve(t.id()))) {
        continue; // a further repetition that no inconclusive verdict asked for
      }
      if (probes.isEmpty()) {
        trials.add(TrialReader.read(experimentDir.resolve(t.id()), t));
      }
      probes.forEach(p -> trials.add(TrialReader.read(experimentDir.resolve(p.id()), p)));
      SloSearchResult.read(experimentDir, t.id()).ifPresent(searches::add);
    }
    Map<Map<String, String>, List<TrialRecord>> groups = new LinkedHashMap<>();
    trials.forEach(t -> groups.computeIfAbsent(t.parameters(), p -> new ArrayList<>()).add(t));
    List<Point> points = groups.entrySet().stream().map(e -> new Point(e.getKey(), e.getValue()))
        .toList();
    return new ExperimentResults(plan, trials, unplanned(experimentDir, trials), points,
        xParameter(plan, points), searches, rounds(experimentDir));
  }

  /** Whether {@code dir} is one experiment's results: a {@code plan.json}, or trial folders. */
  public static boolean isExperiment(Path dir) {
    return Files.isRegularFile(dir.resolve(StoredPlan.FILE)) || UnplannedTrials.holdsTrials(dir);
  }

  /**
   * Reads the other experiments of the results folder {@code experimentDir} sits in, for
   * references measured against another study's point (D2 against D1); empty for one without a
   * plan there.
   */
  public static Function<String, Optional<ExperimentResults>> siblings(Path experimentDir) {
    Path parent = experimentDir.toAbsolutePath().normalize().getParent();
    return name -> parent == null || !isExperiment(parent.resolve(name))
        ? Optional.empty()
        : Optional.of(load(parent.resolve(name)));
  }

  /** What {@code repetitions.json} says of the rounds, if the folder has one. */
  private static Optional<String> rounds(Path dir) {
    Path file = dir.resolve("repetitions.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind
          .ObjectMapper().readTree(file.toFile());
      List<String> parts = new ArrayList<>();
      root.path("rounds").forEach(r -> parts.add("repetition " + r.path("repetition").asInt()
          + " at " + r.path("points").size() + " point(s)"));
      parts.add("stopped: " + root.path("stopped").asText("(still running)"));
      return Optional.of(String.join("; ", parts));
    } catch (IOException e) {
      return Optional.of("repetitions.json cannot be read: " + e.getMessage());
    }
  }

  /**
   * The probes an SLO search ran for {@code t}: folders {@code <id>-slo0}, {@code -slo1}, … in
   * step order, each standing for the planned trial at its own target.
   */
  private static List<StoredPlan.PlannedTrial> probes(Path dir, StoredPlan.PlannedTrial t) {
    List<StoredPlan.PlannedTrial> probes = new ArrayList<>();
    for (int step = 0; Files.isDirectory(dir.resolve(t.id() + "-slo" + step)); step++) {
      probes.add(new StoredPlan.PlannedTrial(t.id() + "-slo" + step, t.parameters(), t.repetition(),
          t.shape(), t.unavailable()));
    }
    return probes;
  }

  private static List<String> unplanned(Path dir, List<TrialRecord> trials) {
    Set<String> planned = new LinkedHashSet<>();
    trials.forEach(t -> planned.add(t.id()));
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(c -> Files.isRegularFile(c.resolve(TrialJson.FILE)))
          .map(c -> c.getFileName().toString())
          .filter(name -> !name.startsWith(".") && !planned.contains(name)).sorted().toList();
    } catch (IOException e) {
      throw new ReportException(dir, "cannot list the trial folders: " + e.getMessage(), e);
    }
  }

  /**
   * The swept parameter on the x-axis: the last one that takes more than one value and whose
   * values are all numbers (threads, records, target), else the last that takes more than one
   * value. With {@code [workload, threadcount]} this is {@code threadcount}, one series per
   * workload: the papers' figures. A {@code target} the runner added counts as swept last.
   */
  static Optional<String> xParameter(StoredPlan plan, List<Point> points) {
    List<String> candidates = new ArrayList<>(plan.sweep().parameters());
    points.forEach(p -> p.parameters().keySet().stream()
        .filter(k -> !candidates.contains(k)).forEach(candidates::add));
    Optional<String> numeric = Optional.empty();
    Optional<String> any = Optional.empty();
    for (String name : candidates) {
      List<String> values = values(points, name);
      if (values.size() > 1) {
        any = Optional.of(name);
        if (values.stream().allMatch(ExperimentResults::isNumber)) {
          numeric = Optional.of(name);
        }
      }
    }
    return numeric.isPresent() ? numeric : any;
  }

  /** The distinct values of {@code parameter}, numerically sorted when all are numbers. */
  static List<String> values(List<Point> points, String parameter) {
    List<String> values = new ArrayList<>(new LinkedHashSet<>(points.stream()
        .map(p -> p.parameters().get(parameter)).filter(v -> v != null).toList()));
    if (values.stream().allMatch(ExperimentResults::isNumber)) {
      values.sort((a, b) -> new BigDecimal(a).compareTo(new BigDecimal(b)));
    }
    return values;
  }

  /** Whether {@code s} reads as a number: {@code 4}, {@code 0.95}, {@code 1e3}. */
  public static boolean isNumber(String s) {
    try {
      new BigDecimal(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The x-axis values in chart order. */
  public List<String> xValues() {
    return xParameter.map(x -> values(points, x)).orElse(List.of());
  }

  /** Series of sweep charts: the points grouped by every parameter but the x-axis one. */
  public Map<Map<String, String>, List<Point>> series() {
    Map<Map<String, String>, List<Point>> series = new LinkedHashMap<>();
    for (Point p : points) {
      Map<String, String> key = new LinkedHashMap<>(p.parameters());
      xParameter.ifPresent(key::remove);
      series.computeIfAbsent(StoredPlan.ordered(key), k -> new ArrayList<>()).add(p);
    }
    return series;
  }

  /** The point whose parameters include all of {@code parameters}, if exactly one does. */
  public Optional<Point> point(Map<String, String> parameters) {
    List<Point> matching = points.stream().filter(p -> p.matches(parameters)).toList();
    return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
  }

  /** The point of the study's baseline, when the plan names one that was planned. */
  public Optional<Point> baselinePoint() {
    return plan.baseline().isEmpty() ? Optional.empty() : point(plan.baseline());
  }

  /** Every operation type any trial measured, {@code OVERALL} first. */
  public List<String> operations() {
    Set<String> ops = new LinkedHashSet<>();
    points.forEach(p -> ops.addAll(p.operations()));
    return Point.ordered(ops);
  }
}
