package dev.refarch.experiments.run;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.experiments.kubernetes.KubernetesBridge;
import dev.refarch.experiments.kubernetes.KubernetesClients;
import dev.refarch.experiments.kubernetes.KubernetesSupport;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.results.StoredTrial;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.ClusterProvisioner;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs an experiment: plans it, writes {@code plan.json}, then runs its trials in plan order —
 * starting (and stopping) a cluster per topology, dropping the database before each load (a
 * sharded collection is sharded again by the {@code mongodb-sharding} hook before the load's
 * clients start), skipping with the plan's reason the trials that cannot run here, and, for an
 * SLO, searching the highest throughput that meets it. With resume, trials whose folder
 * already holds a completed {@code trial.json} are not run again; since a trial's folder appears
 * only when complete, a runner killed mid-experiment loses nothing finished.
 *
 * <p>Not thread-safe; one experiment at a time per instance.
 */
public final class ExperimentRunner {

  /** How one planned trial (or SLO probe) ended. */
  public record TrialOutcome(String id, String status, String detail) {
    public boolean failed() {
      return status.equals("failed");
    }
  }

  /** What resuming does with trials the results folder already holds. */
  public enum ResumeMode {
    /** Run every trial, replacing what is stored. */
    NONE,
    /** Skip completed trials; refuse, before anything runs, those stored with other settings. */
    REFUSE_CHANGED,
    /** Skip completed trials; run again those stored with other settings. */
    RERUN_CHANGED
  }

  /** How the experiment ended. */
  public record Outcome(ExperimentSpec spec, Path folder, Optional<String> skipped,
      List<TrialOutcome> trials) {
    public boolean anyFailed() {
      return trials.stream().anyMatch(TrialOutcome::failed);
    }
  }

  private final Path resultsRoot;
  private final Progress progress;
  private final TrialRunner localRunner;

  public ExperimentRunner(Path resultsRoot, Progress progress) {
    this(resultsRoot, progress, new TrialRunner(resultsRoot));
  }

  private ExperimentRunner(Path resultsRoot, Progress progress, TrialRunner localRunner) {
    this.resultsRoot = resultsRoot;
    this.progress = progress;
    this.localRunner = localRunner;
  }

  /**
   * A copy whose trials report to {@code listener} (trials, phases, telemetry rounds), e.g.
   * {@link dev.refarch.experiments.live.LiveMetrics} serving them live.
   */
  public ExperimentRunner withListener(TrialRunner.Listener listener) {
    return new ExperimentRunner(resultsRoot, progress, localRunner.withListener(listener));
  }

  /**
   * The runner for trials on {@code cluster}: clients of a {@code kubernetes} cluster run as the
   * pods of Jobs in its namespace, with its API client and settings (its names resolve only
   * inside it); all others fork local client JVMs.
   */
  private TrialRunner runnerFor(RunningCluster cluster) {
    if (!KubernetesSupport.available()) {
      return localRunner; // no Kubernetes adapter: no kubernetes cluster can have been started
    }
    return KubernetesBridge.clientsFor(cluster).map(localRunner::withClients).orElse(localRunner);
  }

  /**
   * Runs {@code spec}.
   *
   * @param resume skip trials that already completed in the results folder (refusing, before
   *     anything runs, those stored with other settings)
   */
  public Outcome run(ExperimentSpec spec, boolean resume) throws InterruptedException {
    return run(spec, resume ? ResumeMode.REFUSE_CHANGED : ResumeMode.NONE);
  }

  /**
   * Runs {@code spec}: its first round, then its further rounds ({@code repetitions: {min, max[,
   * budget]}}) at once. Before anything is written: every trial's settings are checked
   * ({@link Preflight}), resuming compares stored trials' settings, and an existing cluster
   * ({@code uri}) must answer and accept its credentials; then abandoned staging folders of
   * runners that are gone are removed.
   *
   * @throws dev.refarch.experiments.spec.InvalidInput for bad settings, and trials stored with
   *     other settings under {@link ResumeMode#REFUSE_CHANGED}
   * @throws ConfigurationException for a results folder that cannot be created or a cluster that
   *     cannot be reached
   */
  public Outcome run(ExperimentSpec spec, ResumeMode resume) throws InterruptedException {
    Started started = start(spec, resume);
    while (started.nextRound(Optional.empty())) {
      // one round after another, until none is needed or fits in the budget
    }
    return started.outcome();
  }

  /**
   * Runs {@code spec}'s first round — every trial of a fixed number of repetitions, or the
   * {@code min} of {@code repetitions: {min, max[, budget]}} — with the checks of
   * {@link #run(ExperimentSpec, ResumeMode)}; {@link Started#nextRound} runs the further rounds,
   * e.g. after every experiment of a suite has had its first.
   */
  public Started start(ExperimentSpec spec, ResumeMode resume) throws InterruptedException {
    Preflight.check(spec);
    Plan plan = Plan.of(spec, spec.properties());
    Path folder = resultsRoot.resolve(spec.id());
    Map<String, List<String>> changed = resume == ResumeMode.NONE ? Map.of()
        : StoredSettings.changed(spec, plan, folder);
    if (resume == ResumeMode.REFUSE_CHANGED) {
      StoredSettings.refuse(spec, changed);
    }
    if (plan.skipped().isEmpty()) {
      requireReachable(spec, plan);
    }
    createFolder(folder);
    ResultsFolder.removeAbandoned(folder);
    write(folder.resolve(PlanJson.FILE), PlanJson.render(plan));
    if (plan.skipped().isPresent()) {
      progress.message("== " + spec.id() + ": skipped — " + plan.skipped().get());
      return new Started(spec, plan, folder, resume, Set.of(), plan.skipped());
    }
    Set<String> rerun = StoredSettings.ids(changed);
    rerun.forEach(id -> progress.message(id + ": stored with other settings; running it again"));
    Started started = new Started(spec, plan, folder, resume, rerun, Optional.empty());
    started.firstRound();
    return started;
  }

  /**
   * An experiment whose first round has run. Under {@code repetitions: {min, max[, budget]}},
   * each {@link #nextRound} runs another repetition of every point an inconclusive verdict rests
   * on, until none is, the most repetitions ran, or the next round would not fit in the
   * experiment's budget (its own running time, whenever its rounds ran) or before a deadline; the
   * decisions go to {@link RepetitionRounds#FILE}.
   *
   * <p>Not thread-safe.
   */
  public final class Started {

    private final ExperimentSpec spec;
    private final Plan plan;
    private final Path folder;
    private final ResumeMode resume;
    private final Set<String> rerun;
    private final Optional<String> skipped;
    private final List<TrialOutcome> outcomes = new ArrayList<>();
    private RepetitionRounds rounds;
    private int repetition;
    private int trialsRan;
    private long runningNanos;
    private boolean done;

    private Started(ExperimentSpec spec, Plan plan, Path folder, ResumeMode resume,
        Set<String> rerun, Optional<String> skipped) {
      this.spec = spec;
      this.plan = plan;
      this.folder = folder;
      this.resume = resume;
      this.rerun = rerun;
      this.skipped = skipped;
      this.done = skipped.isPresent() || spec.autoRepetitions().isEmpty()
          || spec.slo().isPresent();
    }

    private void firstRound() throws InterruptedException {
      List<PlannedTrial> first = plan.trials().stream().filter(t -> !plan.conditional(t))
          .toList();
      progress.experimentStarted(spec.id(), first.size());
      timed(first);
      if (!done) {
        rounds = new RepetitionRounds(spec, folder);
        repetition = spec.autoRepetitions().get().min();
      }
    }

    private void timed(List<PlannedTrial> trials) throws InterruptedException {
      long start = System.nanoTime();
      try {
        runTrials(spec, plan, trials, resume, rerun, outcomes);
      } finally {
        runningNanos += System.nanoTime() - start;
        trialsRan += trials.size();
      }
    }

    /**
     * Runs the next round if one is needed and fits: in the experiment's budget, and, given a
     * deadline, before it (estimated from this experiment's own time per trial so far).
     *
     * @return whether a round ran; false once no further round will
     */
    public boolean nextRound(Optional<Instant> deadline) throws InterruptedException {
      if (done) {
        return false;
      }
      int rep = repetition + 1;
      RepetitionRounds.Need need = rounds.need();
      if (rep > spec.repetitions()) {
        return stop(need.isEmpty() ? "no verdict is inconclusive after " + spec.repetitions()
            + " repetitions" : "the most repetitions (" + spec.repetitions() + ") ran; "
            + need.points().size() + " point(s) still under an inconclusive verdict", null);
      }
      if (need.isEmpty()) {
        return stop("no verdict is inconclusive after " + repetition + " repetitions", null);
      }
      List<PlannedTrial> trials = plan.trials().stream().filter(t -> t.repetition() == rep
          && need.parameters().contains(t.parameters())).toList();
      double ran = runningNanos / 1e9;
      double estimate = trialsRan == 0 ? 0 : ran / trialsRan * trials.size();
      Optional<Duration> budget = spec.autoRepetitions().get().budget();
      if (budget.isPresent() && ran + estimate > budget.get().toSeconds()) {
        return stop(String.format(Locale.ROOT, "repetition %d of %d point(s) would"
            + " take about %.0f s more after %.0f s: beyond the budget of %d s", rep,
            trials.size(), estimate, ran, budget.get().toSeconds()),
            "no repetition " + rep + ": it would not fit in the budget");
      }
      if (deadline.isPresent()) {
        double left = Duration.between(Instant.now(), deadline.get())
            .toMillis() / 1000.0;
        if (estimate > left) {
          return stop(String.format(Locale.ROOT, "repetition %d of %d point(s) would"
              + " take about %.0f s; the run's time limit leaves %.0f s", rep, trials.size(),
              estimate, Math.max(0, left)), "no repetition " + rep + ": it would end after the"
              + " run's time limit");
        }
      }
      progress.message("== " + spec.id() + ": repetition " + rep + " of " + trials.size()
          + " point(s) with an inconclusive verdict");
      progress.experimentStarted(spec.id(), trials.size());
      timed(trials);
      rounds.ran(rep, need);
      repetition = rep;
      return true;
    }

    private boolean stop(String why, String message) {
      rounds.stopped(why);
      if (message != null) {
        progress.message("== " + spec.id() + ": " + message);
      }
      done = true;
      return false;
    }

    /** The experiment's folder. */
    public Path folder() {
      return folder;
    }

    /** How the experiment ended, or stands so far. */
    public Outcome outcome() {
      return new Outcome(spec, folder, skipped, List.copyOf(outcomes));
    }
  }

  /** Runs {@code trials} in order, starting a cluster for each run of one topology. */
  private void runTrials(ExperimentSpec spec, Plan plan, List<PlannedTrial> trials,
      ResumeMode resume, Set<String> rerun, List<TrialOutcome> outcomes)
      throws InterruptedException {
    Topology current = null;
    RunningCluster cluster = null;
    TrialRunner runner = localRunner;
    try {
      for (PlannedTrial trial : trials) {
        String unavailable = plan.unavailable().get(trial.id());
        if (unavailable != null) {
          outcomes.add(new TrialOutcome(trial.id(), "skipped", unavailable));
          progress.trialEnded(trial.id(), "skipped: " + unavailable);
          continue;
        }
        Topology topology = TrialFactory.topology(spec, trial);
        if (!topology.equals(current)) {
          if (cluster != null) {
            cluster.close();
            cluster = null;
          }
          current = topology;
          progress.message("starting " + spec.cluster().type() + " " + topology.label());
          cluster = start(spec, topology);
          runner = runnerFor(cluster);
        }
        if (spec.slo().isPresent()) {
          outcomes.addAll(new SloSearch(runner, progress, resultsRoot).search(spec, trial, cluster,
              resume != ResumeMode.NONE));
          progress.trialEnded(trial.id(), "SLO search done");
        } else {
          outcomes.add(runTrial(runner, spec, trial, cluster,
              resume != ResumeMode.NONE && !rerun.contains(trial.id())));
        }
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  private TrialOutcome runTrial(TrialRunner runner, ExperimentSpec spec, PlannedTrial trial,
      RunningCluster cluster, boolean resume) throws InterruptedException {
    Path folder = resultsRoot.resolve(spec.id()).resolve(trial.id());
    if (resume && StoredTrial.read(folder).map(StoredTrial::completed).orElse(false)) {
      progress.trialEnded(trial.id(), "already completed (resumed)");
      return new TrialOutcome(trial.id(), "resumed", "completed earlier");
    }
    progress.phase(trial.id(), dev.refarch.platform.spi.Phase.LOAD);
    TrialSpec ts = TrialFactory.trial(spec, trial, trial.id(), cluster.connectionString()).build();
    if (ts.load()) {
      emptyDatabase(cluster);
    }
    TrialResult r = runner.run(ts, cluster);
    String detail = r.succeeded() ? StoredTrial.read(r.folder()).map(StoredTrial::describe)
        .orElse("no trial.json") : r.failures().get(0).lines().findFirst().orElse("");
    progress.trialEnded(trial.id(), (r.succeeded() ? "completed, " : "FAILED: ") + detail);
    return new TrialOutcome(trial.id(), r.succeeded() ? "completed" : "failed", detail);
  }

  /**
   * Drops the database trials write to, so that each load starts empty: through the connection
   * string, or from inside the platform when this JVM cannot reach the cluster.
   */
  static void emptyDatabase(RunningCluster cluster) {
    String uri = cluster.connectionString();
    String db = Optional.ofNullable(new com.mongodb.ConnectionString(uri).getDatabase())
        .orElse("ycsb");
    if (!cluster.reachableFromRunner()) {
      cluster.dropDatabase(db);
      return;
    }
    try (MongoClient c = MongoClients.create(uri)) {
      c.getDatabase(db).drop();
    }
  }

  /**
   * Each connection string of an existing cluster that runnable trials connect to must answer:
   * trials that load (the runner empties the database first) or whose binding is MongoDB's.
   */
  private static void requireReachable(ExperimentSpec spec, Plan plan) {
    if (!spec.cluster().type().equals("uri")) {
      return;
    }
    Set<String> uris = new java.util.LinkedHashSet<>();
    for (PlannedTrial t : plan.trials()) {
      TrialSpec ts = TrialFactory.trial(spec, t, t.id(), Preflight.PLACEHOLDER_URI).build();
      if (!plan.unavailable().containsKey(t.id()) && (ts.load() || connects(ts))) {
        spec.cluster().uriFor(TrialFactory.topology(spec, t)).ifPresent(uris::add);
      }
    }
    uris.forEach(u -> UriCluster.requireReachable("cluster.uri", u));
  }

  private static boolean connects(TrialSpec ts) {
    String mongo = dev.refarch.ycsb.mongo.MongoDbClient.class.getName();
    return ts.db().equals(mongo) || ts.db().equals(dev.refarch.ycsb.measure.MeasuredDb.class
        .getName()) && mongo.equals(ts.properties().get("measurement.delegate"));
  }

  private static void createFolder(Path folder) {
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new ConfigurationException("results", folder.toString(), "a folder this user can"
          + " create and write", e.toString());
    }
  }

  private static RunningCluster start(ExperimentSpec spec, Topology topology) {
    if (spec.cluster().type().equals("uri")) {
      return new UriCluster(topology, spec.cluster().uriFor(topology).orElseThrow(() ->
          new ConfigurationException("cluster.uris", null, "a connection string for "
              + topology.label())));
    }
    Map<String, String> settings = Plan.clusterSettings(spec);
    if (spec.cluster().type().equals("kubernetes")) {
      // its clients run as Jobs: a missing client image must fail before any pod exists
      KubernetesSupport.require("cluster.type", "kubernetes");
      KubernetesClients.validate(settings);
    }
    ClusterProvisioner p = Extensions.provisioner(spec.cluster().type());
    return p.start(topology, settings);
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
