package dev.refarch.experiments.plan;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A spec expanded into its ordered trials, before anything runs.
 *
 * <p>Trial ids are {@code t<NNN>-<name>=<value>-…-r<repetition>}, the points numbered in sweep
 * order (the last parameter varying fastest); characters a folder name cannot hold become
 * {@code _}. An SLO search adds its probes at run time, named after the point's id with
 * {@code -slo<step>}.
 *
 * <p>Repetitions are interleaved: within each run of consecutive points on one topology, the
 * first repetition of every point runs, then the second of every point, and so on. A host whose
 * speed drifts over minutes (a shared machine, a CPU's thermal or credit limits) then moves every
 * point of a comparison alike, where repetitions run back to back would put the drift between
 * the points, into the very change a verdict judges. Points on another topology keep their
 * block, so that each cluster still starts once.
 *
 * @param spec the spec
 * @param trials the trials, in run order
 * @param skipped why the whole study is skipped (manual, or a platform not configured), if it is
 * @param unavailable why single trials cannot run here (a topology the provisioner cannot start,
 *     a fault its injector does not have), by trial id; they are skipped with that reason
 */
public record Plan(ExperimentSpec spec, List<PlannedTrial> trials, Optional<String> skipped,
    Map<String, String> unavailable) {

  public Plan {
    trials = List.copyOf(trials);
    unavailable = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unavailable));
  }

  /**
   * Plans {@code spec}.
   *
   * @param configured the properties in force (spec and overrides), to tell which platforms are
   *     configured: {@code vsan.url}, {@code santricity.url}, {@code k8s.namespace} or a kubeconfig
   */
  public static Plan of(ExperimentSpec spec, Map<String, String> configured) {
    List<PlannedTrial> trials = new ArrayList<>();
    Map<String, String> unavailable = new LinkedHashMap<>();
    Map<String, Optional<String>> byTopology = new LinkedHashMap<>();
    List<List<PlannedTrial>> block = new ArrayList<>(); // the points of one topology, in a row
    String blockTopology = null;
    int n = 0;
    for (Map<String, String> point : spec.sweep().points()) {
      n++;
      TrialShape shape = TrialShape.of(spec, point);
      String topology = shape.topology().label();
      if (!topology.equals(blockTopology)) {
        interleave(block, trials);
        blockTopology = topology;
      }
      List<String> reasons = new ArrayList<>();
      byTopology.computeIfAbsent(topology,
          t -> clusterUnavailable(spec, shape.topology())).ifPresent(reasons::add);
      faultsUnavailable(shape.faults()).ifPresent(reasons::add);
      Optional<String> why = reasons.isEmpty() ? Optional.empty()
          : Optional.of(String.join("; ", reasons));
      List<PlannedTrial> repetitions = new ArrayList<>();
      for (int rep = 1; rep <= spec.repetitions(); rep++) {
        PlannedTrial t = new PlannedTrial(id(n, point, rep), point, rep, shape);
        repetitions.add(t);
        why.ifPresent(w -> unavailable.put(t.id(), w));
      }
      block.add(repetitions);
    }
    interleave(block, trials);
    return new Plan(spec, trials, skipReason(spec, configured), unavailable);
  }

  /** Appends {@code block}'s trials repetition by repetition, then empties it. */
  private static void interleave(List<List<PlannedTrial>> block, List<PlannedTrial> to) {
    int repetitions = block.stream().mapToInt(List::size).max().orElse(0);
    for (int rep = 0; rep < repetitions; rep++) {
      for (List<PlannedTrial> point : block) {
        to.add(point.get(rep));
      }
    }
    block.clear();
  }

  static String id(int n, Map<String, String> point, int repetition) {
    StringBuilder b = new StringBuilder(String.format(java.util.Locale.ROOT, "t%03d", n));
    point.forEach((k, v) -> b.append('-').append(k).append('=').append(v));
    b.append("-r").append(repetition);
    return b.toString().replaceAll("[^A-Za-z0-9._=-]", "_");
  }

  private static Optional<String> skipReason(ExperimentSpec spec, Map<String, String> configured) {
    if (spec.manual().isPresent()) {
      return Optional.of("manual study: " + spec.manual().get());
    }
    List<String> missing = new ArrayList<>();
    for (String platform : spec.requires()) {
      String how = switch (platform) {
        case "vsan" -> configured.containsKey("vsan.url") ? null
            : "vsan (set vsan.url, and VSAN_PASSWORD or vsan.passwordFile)";
        case "santricity" -> configured.containsKey("santricity.url") ? null
            : "santricity (set santricity.url, and SANTRICITY_PASSWORD or santricity.passwordFile)";
        case "kubernetes" -> configured.keySet().stream().anyMatch(k -> k.startsWith("k8s.")) ? null
            : "kubernetes (set k8s.* properties and a kubeconfig)";
        case "mongos" -> null; // checked against the provisioner, per topology
        default -> platform;
      };
      if (how != null) {
        missing.add(how);
      }
    }
    Map<String, String> hooks = Extensions.hooks();
    for (String hook : spec.hooks()) {
      if (!hooks.containsKey(hook)) {
        missing.add("the '" + hook + "' hook (add " + ExperimentSpec.adapterOf(hook)
            .orElse("the adapter that provides it") + " to the class path)");
      }
    }
    return missing.isEmpty() ? Optional.empty()
        : Optional.of("needs a platform that is not configured: " + String.join("; ", missing));
  }

  /** Why the spec's cluster type cannot provide {@code topology} here, if it cannot. */
  static Optional<String> clusterUnavailable(ExperimentSpec spec, Topology topology) {
    String type = spec.cluster().type();
    if (type.equals("uri")) {
      return spec.cluster().uriFor(topology).isPresent() ? Optional.empty()
          : Optional.of("no connection string for " + topology.label() + " (cluster.uris)");
    }
    Map<String, String> known = Extensions.provisioners();
    if (!known.containsKey(type)) {
      return Optional.of("no '" + type + "' cluster provisioner on the class path (known: "
          + String.join(", ", known.keySet()) + ")");
    }
    return Optional.ofNullable(Extensions.provisioner(type).unavailableReason(topology,
        clusterSettings(spec)));
  }

  /**
   * What the provisioner gets: the spec's cluster settings, overridden by the spec's properties
   * of the provisioners' own prefixes ({@code local.}, {@code k8s.}, {@code testcontainers.}) —
   * so that {@code --set k8s.namespace=bench} reaches the cluster, as {@code vsan.*} properties
   * reach the vSAN hook.
   */
  public static Map<String, String> clusterSettings(ExperimentSpec spec) {
    Map<String, String> settings = new LinkedHashMap<>(spec.cluster().settings());
    spec.properties().forEach((k, v) -> {
      if (k.startsWith("local.") || k.startsWith("k8s.") || k.startsWith("testcontainers.")) {
        settings.put(k, v);
      }
    });
    return settings;
  }

  /**
   * Why a schedule cannot be injected here: a fault of a platform's injector
   * ({@code vsan:…}) whose action that injector does not have, or whose injector is absent.
   */
  static Optional<String> faultsUnavailable(FaultSchedule faults) {
    for (FaultSchedule.Entry e : faults.entries()) {
      String action = e.fault().action();
      int colon = action.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String injector = action.substring(0, colon);
      String name = action.substring(colon + 1);
      try {
        var actions = Extensions.faultInjector(injector).actions();
        if (!actions.contains(name)) {
          return Optional.of("the " + injector + " fault injector has no '" + name
              + "' action (it has: " + String.join(", ", new java.util.TreeSet<>(actions)) + ")");
        }
      } catch (RuntimeException notFound) {
        return Optional.of("no '" + injector + "' fault injector on the class path ("
            + ExperimentSpec.adapterOf(injector).filter(a -> !adapterPresent(a))
                .map(a -> "add " + a + "; ").orElse("")
            + notFound.getMessage() + ")");
      }
    }
    return Optional.empty();
  }

  /** Whether any hook or provisioner on the class path comes from {@code artifact}. */
  private static boolean adapterPresent(String artifact) {
    return java.util.stream.Stream.concat(Extensions.hooks().keySet().stream(),
        Extensions.provisioners().keySet().stream())
        .anyMatch(name -> ExperimentSpec.adapterOf(name).filter(artifact::equals).isPresent());
  }

  /** Point parameters of the baseline trial's first repetition, if the spec names a baseline. */
  public Optional<PlannedTrial> baselineTrial() {
    if (spec.baseline().isEmpty()) {
      return trials.isEmpty() ? Optional.empty() : Optional.of(trials.get(0));
    }
    return trials.stream().filter(t -> t.parameters().entrySet()
        .containsAll(spec.baseline().entrySet())).findFirst();
  }

  /**
   * Whether {@code trial} runs only if a verdict on its point is still inconclusive after the
   * repetitions before it: a repetition beyond the fewest of {@code repetitions: {min, max}}.
   */
  public boolean conditional(PlannedTrial trial) {
    return spec.autoRepetitions().map(a -> trial.repetition() > a.min()).orElse(false);
  }

  /** The plan for {@code --dry-run}: cluster, run length, every trial's shape, the references. */
  public String describe() {
    return PlanText.describe(this);
  }
}
