package dev.refarch.experiments.trial;

import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.results.TrialJson;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.experiments.faults.FaultReport;
import dev.refarch.experiments.spec.SteadyRule;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import dev.refarch.ycsb.hooks.HookRunner;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.measure.MeasurementSettings;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.mongo.MongoSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs one trial: for each phase (load, then run), the platform hooks' {@code before}, N YCSB
 * clients (each YCSB's client with this library's binding and measurements)
 * — client JVMs here, kept warm across phases or forked per phase ({@code refarch.client.reuse}),
 * or the pods of a Kubernetes Job ({@link #withClients}) — while the fault
 * schedule fires, the hooks' {@code after} — always, also when the phase failed — and then merges
 * what the clients measured into {@code results/<experiment>/<trial>/}, written atomically:
 *
 * <pre>
 * trial.json            parameters, effective settings, platform state, summaries, failures, CPU
 * run.hlog, load.hlog   the clients' HDR interval logs merged by histogram union
 * timeline.csv          the run phase's merged timeline (load-timeline.csv for the load)
 * clients/&lt;phase&gt;-&lt;i&gt;/    each client's stdout, stderr, CPU seconds and raw measurements
 * host-cpu.csv          the CPU of the machine and of the cluster's mongod/mongos, every second
 * telemetry.csv         what the servers, processes and disks did, every second (refarch.telemetry)
 * events.csv            faults injected, with election, interruption and platform times (when any)
 * </pre>
 *
 * <p>A client that dies fails the trial with its exit and last output; the others are killed; a
 * phase past its timeout is ended. Clients end themselves when the runner's JVM disappears.
 * Thread-safe: trials may run from several threads, each into its own folder.
 *
 * <pre>{@code
 * TrialResult r = new TrialRunner(Path.of("results")).run(spec, cluster.state());
 * double p99 = r.summary(Phase.RUN).orElseThrow().operation("UPDATE").orElseThrow().serviceTime().p99();
 * }</pre>
 */
public final class TrialRunner {

  /** Sees phases start and end, e.g. to fire a fault schedule or to watch clients in tests. */
  public interface Listener {
    /**
     * The phase's clients run.
     *
     * @param clients the client JVMs on this machine; empty when they run elsewhere (Job pods)
     */
    default void phaseStarted(Phase phase, List<ClientProcess> clients) {
    }

    default void phaseEnded(Phase phase) {
    }

    /** A trial starts, before its first phase's hooks. */
    default void trialStarted(TrialSpec spec) {
    }

    /** A trial has ended, its results written or abandoned. */
    default void trialEnded(TrialSpec spec) {
    }

    /**
     * A telemetry source gave a round (from that source's sampling thread).
     *
     * @param epochMs when the runner asked, on the clients' clock
     */
    default void telemetry(String source, long epochMs, List<TelemetrySample> samples) {
    }

    /** A listener that tells {@code first}, then {@code second}. */
    static Listener both(Listener first, Listener second) {
      return new Listener() {
        @Override
        public void trialStarted(TrialSpec spec) {
          first.trialStarted(spec);
          second.trialStarted(spec);
        }

        @Override
        public void trialEnded(TrialSpec spec) {
          first.trialEnded(spec);
          second.trialEnded(spec);
        }

        @Override
        public void telemetry(String source, long epochMs, List<TelemetrySample> samples) {
          first.telemetry(source, epochMs, samples);
          second.telemetry(source, epochMs, samples);
        }

        @Override
        public void phaseStarted(Phase phase, List<ClientProcess> clients) {
          first.phaseStarted(phase, clients);
          second.phaseStarted(phase, clients);
        }

        @Override
        public void phaseEnded(Phase phase) {
          first.phaseEnded(phase);
          second.phaseEnded(phase);
        }
      };
    }
  }

  private final Path resultsRoot;
  private final Listener listener;
  private final ClientLauncher clients;

  /** A runner writing under {@code resultsRoot}, its clients on this JVM's class path. */
  public TrialRunner(Path resultsRoot) {
    this(resultsRoot, new Listener() { }, ClientLauncher.local(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        System.getProperty("java.class.path")));
  }

  private TrialRunner(Path resultsRoot, Listener listener, ClientLauncher clients) {
    this.resultsRoot = resultsRoot;
    this.listener = listener;
    this.clients = clients;
  }

  /** A copy that reports phases to {@code listener}. */
  public TrialRunner withListener(Listener listener) {
    return new TrialRunner(resultsRoot, listener, clients);
  }

  /**
   * A copy whose clients run where {@code clients} starts them, e.g. as the pods of a Kubernetes
   * Job ({@link KubernetesClients}); hooks, faults, merge and results stay the same.
   */
  public TrialRunner withClients(ClientLauncher clients) {
    return new TrialRunner(resultsRoot, listener, clients);
  }

  public Path resultsRoot() {
    return resultsRoot;
  }

  /**
   * Runs a trial without faults and returns its result; its folder is complete when this returns.
   *
   * @param clusterState what the cluster's provisioner recorded, stored with the results
   * @throws dev.refarch.platform.spi.config.ConfigurationException for bad settings, before
   *     anything runs, and for a fault schedule (which needs {@link #run(TrialSpec, RunningCluster)})
   */
  public TrialResult run(TrialSpec spec, PlatformState clusterState) throws InterruptedException {
    if (!spec.faults().isEmpty()) {
      throw new ConfigurationException("faults", spec.faults().toString(),
          "none here: faults need a cluster's fault injector, use run(spec, cluster)");
    }
    return execute(spec, () -> clusterState, null, null, Optional.empty(), true,
        Optional.empty());
  }

  /**
   * Runs a trial against {@code cluster}, firing the spec's fault schedule through the cluster's
   * fault injector and, for replica sets this JVM can reach, watching elections from the server
   * side. The cluster's state is read when the trial ends, so that it holds what faults changed.
   */
  public TrialResult run(TrialSpec spec, RunningCluster cluster) throws InterruptedException {
    if (MeasurementProperties.AUDIT.from(spec.properties()) && !cluster.reachableFromRunner()) {
      throw new ConfigurationException(MeasurementProperties.AUDIT.key(), "true",
          "false for a cluster this runner cannot reach",
          "the audit reads every acknowledged key back from the primary; run the runner where"
              + " it resolves the members' names (k8s.runnerInCluster)");
    }
    String watch = cluster.topology() instanceof Topology.ReplicaSet
        && cluster.reachableFromRunner() ? cluster.connectionString() : null;
    return execute(spec, cluster::state, cluster.faults(), watch,
        Optional.of(cluster.topology()), cluster.reachableFromRunner(), Optional.of(cluster));
  }

  private TrialResult execute(TrialSpec spec, Supplier<PlatformState> clusterState,
      FaultInjector injector, String electionWatch, Optional<Topology> topology,
      boolean reachable, Optional<RunningCluster> cluster) throws InterruptedException {
    Map<String, String> settings = validate(spec);
    HookRunner hooks = HookRunner.resolve(String.join(",", spec.hooks()), settings);
    TelemetryTarget telemetry = new TelemetryTarget(spec.connectionString(), topology,
        clusterState, reachable, settings, cluster);
    listener.trialStarted(spec);
    // the staging folder goes when the trial ends with an exception, committed or not
    try (ResultsFolder folder = new ResultsFolder(resultsRoot, spec.experiment(), spec.trial())) {
      return execute(spec, clusterState, injector, electionWatch, settings, hooks, folder,
          telemetry);
    } finally {
      listener.trialEnded(spec);
    }
  }

  private TrialResult execute(TrialSpec spec, Supplier<PlatformState> clusterState,
      FaultInjector injector, String electionWatch, Map<String, String> settings,
      HookRunner hooks, ResultsFolder folder, TelemetryTarget telemetryTarget)
      throws InterruptedException {
    int resolution = MeasurementProperties.TIMELINE_RESOLUTION.from(spec.properties());
    int interval = MeasurementProperties.HISTOGRAM_INTERVAL.from(spec.properties());
    long started = System.currentTimeMillis();
    double loadStart = TrialDetails.loadAverage();
    double runnerCpu0 = runnerCpuSeconds();
    FaultRun faults = spec.faults().isEmpty() ? null
        : new FaultRun(spec.faults(), injector.configure(settings), electionWatch, settings);
    Listener phaseListener = faults == null ? listener : Listener.both(faults, listener);
    List<String> failures = new ArrayList<>();
    Map<Phase, PhaseResult> phases = new EnumMap<>(Phase.class);
    List<FaultReport> faultReports = new ArrayList<>();
    HostCpuSampler hostCpu = HostCpuSampler.start(
        folder.staging().resolve(ResultsFolder.HOST_CPU), clusterState);
    TrialTelemetrySampling telemetry = TrialTelemetrySampling.start(spec.telemetry(),
        folder.staging(), telemetryTarget, listener::telemetry);
    List<Double> probeBefore = List.of();
    List<Double> probeAfter = List.of();
    try {
      List<Phase> order = phasesOf(spec);
      for (Phase phase : order) {
        if (!failures.isEmpty()) {
          break;
        }
        if (phase == Phase.RUN || order.size() == 1) {
          probeBefore = MachineProbe.read();
        }
        PhaseCollector.Collected c = runPhase(spec, phase, hooks, phaseListener, folder.staging(),
            resolution, interval, failures);
        phases.put(phase, c.result());
        if (faults != null) {
          faultReports.addAll(faults.reports(phase, c.timeline()));
        }
      }
      probeAfter = MachineProbe.read();
    } finally {
      hostCpu.close();
      telemetry.close();
      if (faults != null) {
        faults.close();
        failures.addAll(faults.failures());
        faults.restore(spec.trial(), failures);
      }
    }
    Optional<AckAudit.AuditReport> audit = Optional.empty();
    if (MeasurementProperties.AUDIT.from(settings) && !phases.isEmpty()) {
      try {
        audit = Optional.of(TrialDetails.audit(settings, folder.staging()));
      } catch (RuntimeException e) {
        failures.add("the acknowledged-write audit failed: " + Redaction.maskUri(e.getMessage()));
      }
      if (audit.isPresent() && faults != null && telemetryTarget.cluster().isPresent()) {
        try {
          audit = Optional.of(TrialDetails.withRollback(audit.get(), settings,
              telemetryTarget.cluster().get()::rollbackFiles));
        } catch (RuntimeException e) {
          failures.add("reading the members' rollback files failed: "
              + Redaction.maskUri(e.getMessage()));
        }
      }
    }
    double clientCpu = phases.values().stream().flatMap(p -> p.clients().stream())
        .mapToDouble(c -> c.cpuSeconds().orElse(0)).sum();
    TrialResult result = new TrialResult(spec.experiment(), spec.trial(), failures, started,
        System.currentTimeMillis(), phases, clusterState.get().merge(hooks.state()),
        TrialDetails.effectiveSettings(folder.staging(), phases), clientCpu,
        runnerCpuSeconds() - runnerCpu0, folder.target(), faultReports, audit,
        new TrialResult.Host(TrialDetails.cores(), loadStart, TrialDetails.loadAverage(),
            probeBefore, probeAfter),
        telemetry.result(phases));
    write(folder.staging().resolve(TrialJson.FILE),
        TrialJson.render(result, TrialDetails.parameters(spec)));
    if (!faultReports.isEmpty()) {
      write(folder.staging().resolve(FaultRun.EVENTS_CSV), FaultRun.eventsCsv(faultReports));
    }
    folder.commit();
    return result;
  }

  private static List<Phase> phasesOf(TrialSpec spec) {
    List<Phase> phases = new ArrayList<>();
    if (spec.load()) {
      phases.add(Phase.LOAD);
    }
    if (spec.run()) {
      phases.add(Phase.RUN);
    }
    return phases;
  }

  /** Parses everything the clients will parse, so bad input fails here, before any hook runs. */
  public static Map<String, String> validate(TrialSpec spec) {
    Map<String, String> settings = new LinkedHashMap<>(spec.properties());
    settings.put("mongodb.url", spec.connectionString());
    if (spec.db().equals(MongoDbClient.class.getName())) {
      MongoSettings.fromProperties(settings);
    } else if (MeasurementProperties.AUDIT.from(settings)) {
      throw new ConfigurationException(MeasurementProperties.AUDIT.key(), "true",
          "false with db " + spec.db(), "only " + MongoDbClient.class.getName()
              + " logs the inserts it was acknowledged");
    }
    MeasurementSettings.fromProperties(settings, Path.of("unused"));
    return settings;
  }

  private PhaseCollector.Collected runPhase(TrialSpec spec, Phase phase, HookRunner hooks,
      Listener listener, Path staging, int resolution, int interval, List<String> failures)
      throws InterruptedException {
    long started = System.currentTimeMillis();
    try {
      hooks.before(phase);
    } catch (RuntimeException e) {
      failures.add(e.getMessage());
      return new PhaseCollector.Collected(new PhaseResult(phase, List.of(), Optional.empty(),
          Optional.empty(), started, System.currentTimeMillis()), Optional.empty());
    }
    ClientLauncher.PhaseClients running = null;
    SteadyWatch watch = null;
    List<String> phaseFailures = new ArrayList<>();
    try {
      running = clients.start(spec, phase, staging.resolve("clients"));
      listener.phaseStarted(phase, running.processes());
      watch = watch(spec, phase, running, interval);
      phaseFailures.addAll(running.await(spec.phaseTimeout()));
    } catch (RuntimeException e) {
      phaseFailures.add("phase " + phase.label() + (running == null
          ? " could not start its clients: " : " lost its clients: ")
          + Redaction.maskUri(e.getMessage()));
    } finally {
      if (watch != null) {
        watch.close();
      }
      if (running != null) {
        running.stop();
      }
      listener.phaseEnded(phase);
      PhaseOutcome outcome = phaseFailures.isEmpty() ? PhaseOutcome.success()
          : PhaseOutcome.failed(phaseFailures.get(0));
      try {
        hooks.after(phase, outcome);
      } catch (RuntimeException e) {
        phaseFailures.add(e.getMessage());
      }
      failures.addAll(phaseFailures);
    }
    PhaseCollector.Run run = new PhaseCollector.Run(phase, started, System.currentTimeMillis(),
        spec.untilSteady().map(UntilSteady::rule).orElse(SteadyRule.DEFAULT),
        watch != null && watch.stopped());
    return running == null
        ? PhaseCollector.collect(run, List.of(), List.of(), staging, resolution, interval)
        : PhaseCollector.collect(run, running.records(), running.measurements(), staging,
            resolution, interval);
  }

  /**
   * A watch that stops the run phase's clients once steady, when the spec asks for it and the
   * clients run here (their logs are readable while they run).
   */
  private static SteadyWatch watch(TrialSpec spec, Phase phase,
      ClientLauncher.PhaseClients running, int interval) {
    if (phase != Phase.RUN || spec.untilSteady().isEmpty() || running.processes().isEmpty()) {
      return null;
    }
    return new SteadyWatch(spec.untilSteady().get(),
        running.processes().stream().map(ClientProcess::dir).toList(), interval,
        running::requestStop).start();
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static double runnerCpuSeconds() {
    return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(0.0);
  }
}
