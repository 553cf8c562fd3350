package dev.refarch.experiments.run;

import dev.refarch.experiments.faults.FaultActionCheck;
import dev.refarch.experiments.kubernetes.KubernetesClients;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.spec.CoreProperties;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.InvalidInput;
import dev.refarch.experiments.spec.Problems;
import dev.refarch.experiments.spec.PropertyCheck;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.WorkloadSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a run checks before it connects or writes, for every trial of an experiment that
 * would run: the trial's shape, each property by itself, the binding's and the measurements'
 * settings built from the trial's whole properties (combinations included), the workload's,
 * YCSB's core keys, each platform hook's {@code validate}, the fault schedule's actions against
 * the cluster's injector and its targets against the members of the trial's topology, a
 * platform injector's settings, and a Kubernetes cluster's client settings. A dry run and the
 * runner call it; all problems are reported at once.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Preflight.check(spec); // throws InvalidInput listing every problem
 * }</pre>
 */
public final class Preflight {

  /** Stands in for the cluster's connection string while none exists. */
  static final String PLACEHOLDER_URI = "mongodb://127.0.0.1:27017/";

  private Preflight() {
  }

  /**
   * Checks {@code spec}.
   *
   * @throws InvalidInput listing every problem, each naming the experiment and, where it is one
   *     trial's, the trial
   */
  public static void check(ExperimentSpec spec) {
    Problems problems = new Problems();
    Plan plan = Plan.of(spec, spec.properties());
    spec.properties().forEach((k, v) -> problems.run(() -> PropertyCheck.validate(k, v)));
    problems.run(() -> FaultActionCheck.check(spec.faults(), spec.cluster().type()));
    boolean platforms = plan.skipped().isEmpty();
    if (platforms && spec.cluster().type().equals("kubernetes")) {
      problems.run(() -> KubernetesClients.validate(Plan.clusterSettings(spec)));
    }
    Map<String, List<String>> byProblem = new LinkedHashMap<>();
    for (PlannedTrial trial : plan.trials()) {
      if (plan.unavailable().containsKey(trial.id())) {
        continue;
      }
      Problems ofTrial = new Problems();
      ofTrial.run(() -> checkTrial(spec, trial, platforms));
      ofTrial.lines().forEach(l -> byProblem.computeIfAbsent(l, k -> new ArrayList<>())
          .add(trial.id()));
    }
    byProblem.forEach((line, trials) -> problems.add(spec.id() + " " + trials.get(0)
        + (trials.size() > 1 ? " and " + (trials.size() - 1) + " more trial(s)" : "") + ": "
        + line));
    if (!problems.isEmpty()) {
      throw new InvalidInput(problems.lines().stream().map(l -> l.startsWith(spec.id() + " ")
          ? l : spec.id() + ": " + l).toList());
    }
  }

  private static void checkTrial(ExperimentSpec spec, PlannedTrial trial, boolean platforms) {
    Topology topology = TrialFactory.topology(spec, trial);
    String uri = spec.cluster().type().equals("uri")
        ? spec.cluster().uriFor(topology).orElse(PLACEHOLDER_URI) : PLACEHOLDER_URI;
    TrialSpec ts = TrialFactory.trial(spec, trial, trial.id(), uri).build();
    Problems problems = new Problems();
    trial.parameters().forEach((k, v) -> {
      if (!List.of("workload", "topology", "variant", "threadcount", "clients", "target")
          .contains(k)) {
        problems.run(() -> PropertyCheck.validate(k, v));
      }
    });
    Map<String, String> settings = problems.check(() -> TrialRunner.validate(ts)).orElse(null);
    problems.run(() -> CoreProperties.validate(ts.properties()));
    String workload = ts.properties().getOrDefault("workload", "").trim();
    if (workload.startsWith("dev.refarch.ycsb.workloads.")) {
      problems.run(() -> WorkloadSettings.fromProperties(ts.properties()));
    }
    problems.run(() -> FaultActionCheck.check(ts.faults(), spec.cluster().type()));
    problems.run(() -> FaultActionCheck.checkTargets(ts.faults(), spec.cluster().type(), topology,
        Plan.clusterSettings(spec)));
    if (platforms && settings != null) {
      for (String hook : ts.hooks()) {
        problems.run(() -> Extensions.hook(hook).validate(settings));
      }
      injectors(ts.faults()).forEach(name -> problems.run(() ->
          Extensions.faultInjector(name).configure(settings)));
    }
    problems.throwIfAny();
  }

  /** The platform injectors ({@code vsan:…}) a schedule names. */
  private static Set<String> injectors(FaultSchedule faults) {
    Set<String> names = new java.util.LinkedHashSet<>();
    for (FaultSchedule.Entry e : faults.entries()) {
      int colon = e.fault().action().indexOf(':');
      if (colon > 0) {
        names.add(e.fault().action().substring(0, colon));
      }
    }
    return names;
  }
}
