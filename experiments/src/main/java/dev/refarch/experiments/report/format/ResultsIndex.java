package dev.refarch.experiments.report.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Formats;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.Quantity;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.ReportException;
import dev.refarch.experiments.report.StoredPlan;
import dev.refarch.experiments.report.TrialRecord;
import dev.refarch.experiments.report.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code results/index.html}: every experiment of a results folder on one page, styled like the
 * reports — when it ran, its status (complete, partial, failed, not run, skipped), its trials
 * (ran, steady, not steady, failed, missing), its headline figures (the highest throughput, with
 * the p99 of each operation and the operations behind it at that point) and its verdicts on the
 * paper's figures, each linking to its report. Reads the folders alone, like the reports.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * List<ReportFiles> reports = ResultsIndex.reportAll(Path.of("results"));  // each report, then
 * Path index = ResultsIndex.write(Path.of("results"));                     // the index again
 * }</pre>
 */
public final class ResultsIndex {

  public static final String FILE = "index.html";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter DATE = DateTimeFormatter
      .ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private ResultsIndex() {
  }

  /** The experiment folders directly inside {@code root}, by name. */
  public static List<Path> experiments(Path root) {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> children = Files.list(root)) {
      return children.filter(c -> !c.getFileName().toString().startsWith(".")
          && Files.isDirectory(c) && ExperimentResults.isExperiment(c)).sorted().toList();
    } catch (IOException e) {
      throw new ReportException(root, "cannot list the experiments: " + e.getMessage(), e);
    }
  }

  /** Writes the report of every experiment in {@code root}, then the index; returns the reports. */
  public static List<ReportFiles> reportAll(Path root) {
    List<ReportFiles> reports = experiments(root).stream().map(ExperimentReport::write).toList();
    write(root);
    return reports;
  }

  /**
   * Writes {@code index.html} into {@code root} over every experiment found there.
   *
   * @return the page
   * @throws ReportException when an experiment's folder cannot be read or the page written
   */
  public static Path write(Path root) {
    Path index = root.resolve(FILE);
    ReportFiles.write(index, render(root, experiments(root)));
    return index;
  }

  static String render(Path root, List<Path> experiments) {
    List<Row> rows = experiments.stream().map(ResultsIndex::row).toList();
    Html h = new Html().raw(Page.open("Results — index"));
    h.element("h1", "", "Results");
    Map<Status, Integer> byStatus = new EnumMap<>(Status.class);
    rows.forEach(r -> byStatus.merge(r.status(), 1, Integer::sum));
    Map<Verdict.Kind, Integer> verdicts = new EnumMap<>(Verdict.Kind.class);
    rows.forEach(r -> r.verdicts().forEach((k, n) -> verdicts.merge(k, n, Integer::sum)));
    h.raw("<dl class=\"meta\">\n");
    // the folder's name: the page lives in it, and a golden file cannot hold a machine's path
    h.element("dt", "", "folder").element("dd", "", String.valueOf(root.toAbsolutePath()
        .normalize().getFileName()));
    h.element("dt", "", "experiments").element("dd", "", rows.size() + ": " + String.join(", ",
        byStatus.entrySet().stream().map(e -> e.getValue() + " " + e.getKey().label()).toList()));
    h.element("dt", "", "verdicts").element("dd", "", verdictCounts(verdicts));
    h.element("dt", "", "figures").element("dd", "", "the point with the highest median"
        + " throughput, with each operation's median p99 there and n, the measured operations"
        + " behind it (the fewest of any repetition)");
    h.raw("</dl>\n");
    h.section("experiments", "Experiments");
    if (rows.isEmpty()) {
      h.element("p", "note", "No experiment here: no folder with a plan.json or trial folders.");
    } else {
      table(h, root, rows);
    }
    h.endSection();
    return h.raw(Page.close("Generated from the results folders only; each experiment's report"
        + " links from its name.")).toString();
  }

  private static void table(Html h, Path root, List<Row> rows) {
    h.table("index", "experiment", "started", "status", "trials", "highest throughput",
        "p99 there", "verdicts");
    for (Row r : rows) {
      Path report = r.folder().resolve(ExperimentReport.HTML);
      String name = Html.escape(r.title());
      String link = Files.isRegularFile(report) ? "<a href=\"" + Html.escape(root.toAbsolutePath()
          .normalize().relativize(report.toAbsolutePath().normalize()).toString()
          .replace('\\', '/')) + "\">" + name + "</a>" : name;
      String status = r.status().label();
      h.rowMarkup("", link + note(r.note()), "<span class=\"nowrap\">" + Html.escape(r.date())
              + "</span>", "<span class=\"badge status-" + status.replace(' ', '-') + "\">"
              + status + "</span>", trials(r), r.best().map(p ->
              "<b>" + Formats.figure(p.median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble(),
                  Quantity.THROUGHPUT) + " ops/s</b>" + note(p.parameters().isEmpty() ? ""
                  : Formats.parameters(p.parameters()))).orElse(""),
          r.best().map(ResultsIndex::p99).orElse(""), verdictMarkup(r.verdicts()));
    }
    h.endTable();
  }

  /** {@code <br><span class="note">…</span>}, or nothing for no text. */
  private static String note(String text) {
    return text.isEmpty() ? "" : "<br><span class=\"note\">" + Html.escape(text) + "</span>";
  }

  /** One operation per line: {@code READ 5.8 ms n 6983}. */
  private static String p99(Point p) {
    List<String> out = new ArrayList<>();
    for (String op : p.operations()) {
      if (!op.equals(Quantity.OVERALL) && p.median(op, Quantity.P99).isPresent()) {
        out.add("<span class=\"nowrap\">" + Html.escape(op + " " + Formats.millis(p.median(op,
            Quantity.P99).getAsDouble())) + " <span class=\"note\">n " + p.samples(op)
            + "</span></span>");
      }
    }
    return String.join("<br>", out);
  }

  private static String verdictMarkup(Map<Verdict.Kind, Integer> v) {
    if (v.isEmpty()) {
      return "<span class=\"note\">no references</span>";
    }
    List<String> out = new ArrayList<>();
    for (Verdict.Kind k : Verdict.Kind.values()) {
      if (v.getOrDefault(k, 0) > 0) {
        out.add("<span class=\"verdict-" + k.name().toLowerCase(Locale.ROOT).replace('_', '-')
            + "\">" + v.get(k) + " " + Html.escape(k.label()) + "</span>");
      }
    }
    return String.join("<br>", out);
  }

  /** {@code 3 of 4 ran}, then {@code 2 steady, 1 not steady}, then {@code 1 failed, 1 missing}. */
  private static String trials(Row r) {
    StringBuilder out = new StringBuilder(r.ran() + " of " + r.planned() + " ran");
    String steadiness = counts(r.steady(), "steady", r.notSteady(), "not steady");
    String lost = counts(r.failed(), "failed", r.missing(), "missing");
    if (!steadiness.isEmpty()) {
      out.append("<br><span class=\"note\">").append(steadiness).append("</span>");
    }
    if (!lost.isEmpty()) {
      out.append("<br><span class=\"lost\">").append(lost).append("</span>");
    }
    return out.toString();
  }

  private static String counts(long a, String aName, long b, String bName) {
    return (a > 0 ? a + " " + aName : "") + (a > 0 && b > 0 ? ", " : "")
        + (b > 0 ? b + " " + bName : "");
  }

  private static String verdictCounts(Map<Verdict.Kind, Integer> v) {
    int total = v.values().stream().mapToInt(Integer::intValue).sum();
    return total == 0 ? "no references" : v.getOrDefault(Verdict.Kind.AGREES, 0) + " agree, "
        + v.getOrDefault(Verdict.Kind.DISAGREES, 0) + " disagree, "
        + v.getOrDefault(Verdict.Kind.INCONCLUSIVE, 0) + " inconclusive, "
        + v.getOrDefault(Verdict.Kind.NOT_COMPARABLE, 0) + " not comparable";
  }

  /** Where an experiment stands. */
  enum Status {
    COMPLETE, PARTIAL, FAILED, NOT_RUN, SKIPPED;

    String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /** One experiment's line. */
  record Row(Path folder, String title, String note, String date, Status status, long planned,
      long ran, long steady, long notSteady, long failed, long missing, Optional<Point> best,
      Map<Verdict.Kind, Integer> verdicts) {
  }

  static Row row(Path dir) {
    ExperimentResults r = ExperimentResults.load(dir);
    Optional<String> skipped = skipped(dir);
    List<TrialRecord> trials = r.trials();
    long completed = count(trials, TrialRecord.Status.COMPLETED);
    long failed = count(trials, TrialRecord.Status.FAILED);
    long steady = trials.stream().filter(t -> t.status() == TrialRecord.Status.COMPLETED
        && t.facts().steady().orElse(false)).count();
    long notSteady = trials.stream().filter(t -> t.status() == TrialRecord.Status.COMPLETED
        && !t.facts().steady().orElse(true)).count();
    Status status = skipped.isPresent() ? Status.SKIPPED
        : completed == trials.size() && !trials.isEmpty() ? Status.COMPLETE
        : completed > 0 ? Status.PARTIAL : failed > 0 ? Status.FAILED : Status.NOT_RUN;
    Map<Verdict.Kind, Integer> verdicts = new EnumMap<>(Verdict.Kind.class);
    ReferenceCheck.all(r, ExperimentResults.siblings(dir))
        .forEach(c -> verdicts.merge(c.verdict().kind(), 1, Integer::sum));
    StoredPlan plan = r.plan();
    String title = plan.title().isEmpty() ? plan.experiment() : plan.title();
    String note = skipped.map(s -> "skipped: " + s).orElse(plan.scale().isEmpty() ? ""
        : plan.scale() + " scale");
    Optional<Point> best = r.points().stream().filter(p -> p.median(Quantity.OVERALL,
        Quantity.THROUGHPUT).isPresent()).max((a, b) -> Double.compare(
        a.median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble(),
        b.median(Quantity.OVERALL, Quantity.THROUGHPUT).getAsDouble()));
    return new Row(dir, title, note, started(trials), status, trials.size(), completed + failed,
        steady, notSteady, failed, count(trials, TrialRecord.Status.MISSING), best, verdicts);
  }

  private static long count(List<TrialRecord> trials, TrialRecord.Status status) {
    return trials.stream().filter(t -> t.status() == status).count();
  }

  /** When the first trial started, or {@code not run}. */
  private static String started(List<TrialRecord> trials) {
    return trials.stream().mapToLong(t -> t.facts().startedEpochMs()).filter(ms -> ms > 0).min()
        .stream().mapToObj(ms -> DATE.format(Instant.ofEpochMilli(ms))).findFirst()
        .orElse("not run");
  }

  /** Why the runner skipped the whole experiment, as its {@code plan.json} says. */
  private static Optional<String> skipped(Path dir) {
    Path plan = dir.resolve(StoredPlan.FILE);
    if (!Files.isRegularFile(plan)) {
      return Optional.empty();
    }
    try {
      String why = JSON.readTree(plan.toFile()).path("skipped").asText("");
      return why.isEmpty() ? Optional.empty() : Optional.of(why);
    } catch (IOException e) {
      throw new ReportException(plan, "cannot read the plan: " + e.getMessage(), e);
    }
  }
}
