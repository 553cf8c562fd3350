package dev.refarch.experiments.exec;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.results.StoredTrial;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.spec.ExperimentSpec;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
    this.resultsRoot = resultsRoot;
    this.progress = progress;
    this.localRunner = new TrialRunner(resultsRoot);
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
   * @param resume skip trials that already completed in the results folder
   */
  public Outcome run(ExperimentSpec spec, boolean resume) throws InterruptedException {
    Plan plan = Plan.of(spec, spec.properties());
    Path folder = resultsRoot.resolve(spec.id());
    write(folder.resolve(PlanJson.FILE), PlanJson.render(plan));
    if (plan.skipped().isPresent()) {
      progress.message("== " + spec.id() + ": skipped — " + plan.skipped().get());
      return new Outcome(spec, folder, plan.skipped(), List.of());
    }
    progress.experimentStarted(spec.id(), plan.trials().size());
    List<TrialOutcome> outcomes = new ArrayList<>();
    Topology current = null;
    RunningCluster cluster = null;
    TrialRunner runner = localRunner;
    try {
      for (PlannedTrial trial : plan.trials()) {
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
              resume));
          progress.trialEnded(trial.id(), "SLO search done");
        } else {
          outcomes.add(runTrial(runner, spec, trial, cluster, resume));
        }
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
    return new Outcome(spec, folder, Optional.empty(), outcomes);
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

  private static RunningCluster start(ExperimentSpec spec, Topology topology) {
    if (spec.cluster().type().equals("uri")) {
      return new ExistingCluster(topology, spec.cluster().uriFor(topology).orElseThrow(() ->
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
