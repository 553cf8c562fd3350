package dev.refarch.experiments.plan;

import dev.refarch.experiments.spec.ExperimentSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A spec expanded into its ordered trials, before anything runs.
 *
 * <p>Trial ids are {@code t<NNN>-<name>=<value>-…-r<repetition>}, numbered in sweep order (the
 * last parameter varying fastest), then repetition; characters a folder name cannot hold become
 * {@code _}. An SLO search adds its probes at run time, named after the point's id with
 * {@code -slo<step>}.
 *
 * @param spec the spec
 * @param trials the trials, in run order
 * @param skipped why the whole study is skipped (manual, or a platform not configured), if it is
 */
public record Plan(ExperimentSpec spec, List<PlannedTrial> trials, Optional<String> skipped) {

  public Plan {
    trials = List.copyOf(trials);
  }

  /**
   * Plans {@code spec}.
   *
   * @param configured the properties in force (spec and overrides), to tell which platforms are
   *     configured: {@code vsan.url}, {@code santricity.url}, {@code k8s.namespace} or a kubeconfig
   */
  public static Plan of(ExperimentSpec spec, Map<String, String> configured) {
    List<PlannedTrial> trials = new ArrayList<>();
    int n = 0;
    for (Map<String, String> point : spec.sweep().points()) {
      n++;
      for (int rep = 1; rep <= spec.repetitions(); rep++) {
        trials.add(new PlannedTrial(id(n, point, rep), point, rep));
      }
    }
    return new Plan(spec, trials, skipReason(spec, configured));
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
        case "mongos" -> null; // checked against the provisioner when the cluster starts
        default -> platform;
      };
      if (how != null) {
        missing.add(how);
      }
    }
    return missing.isEmpty() ? Optional.empty()
        : Optional.of("needs a platform that is not configured: " + String.join("; ", missing));
  }

  /** Point parameters of the baseline trial's first repetition, if the spec names a baseline. */
  public Optional<PlannedTrial> baselineTrial() {
    if (spec.baseline().isEmpty()) {
      return trials.isEmpty() ? Optional.empty() : Optional.of(trials.get(0));
    }
    return trials.stream().filter(t -> t.parameters().entrySet()
        .containsAll(spec.baseline().entrySet())).findFirst();
  }

  /** A one-line-per-trial description, for {@code --dry-run}. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    out.append(spec.id()).append(" — ").append(spec.title()).append(" [").append(spec.scale())
        .append("], ").append(trials.size()).append(" trial(s)");
    skipped.ifPresent(s -> out.append(", SKIPPED: ").append(s));
    out.append('\n');
    Map<String, String> base = new LinkedHashMap<>(spec.properties());
    spec.workload().ifPresent(w -> base.put("workload", w));
    out.append("  cluster ").append(spec.cluster().type()).append(' ')
        .append(spec.cluster().topology().label()).append(", clients ").append(spec.clients())
        .append(", threads ").append(spec.threads()).append(", properties ").append(base).append('\n');
    if (!spec.faults().isEmpty()) {
      out.append("  faults ").append(spec.faults()).append('\n');
    }
    spec.slo().ifPresent(s -> out.append("  SLO search: highest throughput with ")
        .append(s.operation()).append(' ').append(s.metric()).append(" <= ").append(s.boundMs())
        .append(" ms, 1 unthrottled probe + ").append(s.steps()).append(" bisection steps per point\n"));
    for (PlannedTrial t : trials) {
      out.append("  ").append(t.id()).append('\n');
    }
    return out.toString();
  }
}
