package dev.refarch.experiments.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.run.Progress;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Sweep;
import dev.refarch.platform.spi.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every laptop-scale catalog entry either completes against a local {@code mongod} or is skipped
 * with its reason. Every entry runs, shortened for CI: 1,000 records (swept record and operation
 * counts a tenth of the entry's), runs until steady cut to no warm-up and at most 2 s (the
 * shortest window), 1 s runs for the others, fault schedules compressed to 2 s in and 4 s apart
 * (the run lasting 8 s past the last one), two SLO steps. Of a sweep, every value that changes
 * the cluster or the binding's path runs (topology, client count, durability, write concern);
 * of the other parameters (workload, threads, record count, active set) only the first value,
 * as the others run the same code with other numbers; one repetition of each point (the order of
 * repetitions is {@code PlanTest}'s). {@code refarch run all} runs the whole laptop catalog.
 */
class CatalogIT {

  /**
   * The laptop entries that run on local processes; those whose laptop scale runs on containers
   * (W1: its network faults need the members' own network namespaces) run in
   * testcontainers-it's {@code CatalogOnContainersIT}, where the provisioner is on the class path.
   */
  static Stream<String> studies() {
    return Catalog.entries().stream().filter(e -> e.suite().isEmpty())
        .map(e -> e.file().replace(".yaml", ""))
        .filter(study -> !Catalog.resolve(study, "laptop").get(0).cluster().type()
            .equals("testcontainers"));
  }

  /**
   * The same faults in the same order, 2 s into the measured operations and 4 s apart: the
   * schedule's clock starts with them, and a restart still under way at the end is waited for.
   */
  static dev.refarch.experiments.faults.FaultSchedule compressed(
      dev.refarch.experiments.faults.FaultSchedule faults) {
    List<dev.refarch.experiments.faults.FaultSchedule.Entry> entries = new java.util.ArrayList<>();
    for (var e : faults.entries()) {
      entries.add(new dev.refarch.experiments.faults.FaultSchedule.Entry(e.phase(),
          java.time.Duration.ofSeconds(2 + 4L * entries.size()), e.fault()));
    }
    return new dev.refarch.experiments.faults.FaultSchedule(entries);
  }

  /**
   * Whether CI accepts that the laptop entry {@code spec} was skipped for {@code reason}: only for
   * what no machine of this project's CI can have — a {@code mongos} (no package registry ships
   * one), a vCenter/vSAN, a SANtricity array; a manual study of one of those papers' hardware
   * (e.g. A11's cache-tier SSDs); a Kubernetes study whose replica set must spread over as many
   * nodes as it has members (required anti-affinity: B4n), which CI's one-node cluster cannot.
   * Any other skip — a Kubernetes or container study that could run here, a missing hook — fails.
   */
  static boolean acceptedSkip(ExperimentSpec spec, String reason) {
    if (java.util.regex.Pattern.compile("mongos|vsan|santricity", java.util.regex.Pattern
        .CASE_INSENSITIVE).matcher(reason).find() && !reason.contains("the '")) {
      return true;
    }
    if (spec.manual().isPresent()) {
      return java.util.regex.Pattern.compile("vSAN|E-Series").matcher(spec.source()).find();
    }
    return spec.requires().contains("kubernetes") && spec.cluster().type().equals("kubernetes")
        && "required".equals(spec.cluster().settings().get("k8s.mongodb.antiAffinity"))
        && spec.cluster().topology() instanceof Topology.ReplicaSet rs && rs.members() > 1;
  }

  /** Whether a swept parameter changes the cluster or the binding's path, so every value runs. */
  static boolean changesThePath(String parameter) {
    return parameter.equals("topology") || parameter.equals("clients")
        || parameter.equals("mongodb.durability") || parameter.startsWith("mongodb.writeConcern.");
  }

  /**
   * {@code sweep} with every value of the parameters that change the path and the first of the
   * others; of a zipped sweep, the first point of each combination of path-changing values.
   */
  static Sweep trimmed(Sweep sweep) {
    Map<String, List<String>> kept = new LinkedHashMap<>();
    if (sweep.mode() == Sweep.Mode.CARTESIAN) {
      sweep.parameters().forEach((k, v) -> kept.put(k, changesThePath(k) ? v : v.subList(0, 1)));
      return new Sweep(Sweep.Mode.CARTESIAN, kept);
    }
    int points = sweep.parameters().values().iterator().next().size();
    Set<List<String>> seen = new HashSet<>();
    List<Integer> first = new ArrayList<>();
    for (int i = 0; i < points; i++) {
      int point = i;
      if (seen.add(sweep.parameters().entrySet().stream().filter(e -> changesThePath(e.getKey()))
          .map(e -> e.getValue().get(point)).toList())) {
        first.add(i);
      }
    }
    sweep.parameters().forEach((k, v) -> kept.put(k, first.stream().map(v::get).toList()));
    return new Sweep(Sweep.Mode.ZIPPED, kept);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("studies")
  void laptopEntryCompletesOrIsSkippedWithItsReason(String study, @TempDir Path dir) throws Exception {
    ExperimentSpec spec = Catalog.resolve(study, "laptop").get(0);
    ExperimentSpec.Builder b = spec.toBuilder().repetitions(1).property("recordcount",
        spec.properties().containsKey("recordcount") && !spec.sweep().parameters().containsKey("recordcount")
            ? "1000" : spec.properties().getOrDefault("recordcount", "1000"));
    if (spec.untilSteady().isPresent()) {
      b.warmup(dev.refarch.ycsb.measure.Warmup.none()).untilSteady(
          new dev.refarch.experiments.spec.UntilSteady(
              new dev.refarch.experiments.spec.SteadyRule(2, 1.0, 10.0), java.time.Duration.ofSeconds(2)));
    } else if (spec.faults().isEmpty()) {
      b.property("maxexecutiontime", "1");
    } else {
      b.warmup(dev.refarch.ycsb.measure.Warmup.none()).faults(compressed(spec.faults()))
          .property("maxexecutiontime", String.valueOf(4 * spec.faults().entries().size() + 6));
    }
    Sweep sweep = trimmed(spec.sweep());
    Map<String, List<String>> swept = new LinkedHashMap<>(sweep.parameters());
    for (String count : List.of("recordcount", "operationcount")) {
      swept.computeIfPresent(count, (k, values) -> values.stream()
          .map(v -> String.valueOf(Math.max(100, Long.parseLong(v) / 10))).toList());
    }
    b.sweep(new Sweep(sweep.mode(), swept));
    // the baseline keeps the parameters whose value still runs; counts are scaled above
    Map<String, String> baseline = new LinkedHashMap<>(spec.baseline());
    baseline.keySet().removeIf(k -> k.equals("recordcount") || k.equals("operationcount"));
    baseline.entrySet().removeIf(e -> sweep.parameters().containsKey(e.getKey())
        && !sweep.parameters().get(e.getKey()).contains(e.getValue()));
    b.baseline(baseline);
    spec.slo().ifPresent(s -> b.slo(new dev.refarch.experiments.spec.SloSpec(s.operation(),
        s.metric(), s.boundMs(), 2, s.latency())));
    ExperimentRunner.Outcome outcome = new ExperimentRunner(dir, new Progress(System.out, false))
        .run(b.build(), false);

    if (outcome.skipped().isPresent()) {
      System.out.println("[catalog] " + study + " skipped: " + outcome.skipped().get());
      assertThat(acceptedSkip(spec, outcome.skipped().get()))
          .as("%s skipped for a reason CI does not accept: %s", study, outcome.skipped().get())
          .isTrue();
      return;
    }
    assertThat(outcome.trials()).isNotEmpty();
    for (ExperimentRunner.TrialOutcome t : outcome.trials()) {
      assertThat(t.status()).as(t.id() + ": " + t.detail()).isIn("completed", "skipped");
      if (t.status().equals("skipped")) {
        assertThat(t.detail()).as("skip reason").isNotBlank();
      }
    }
    System.out.println("[catalog] " + study + ": " + outcome.trials().stream()
        .map(t -> t.id() + "=" + t.status()).toList());
  }
}
