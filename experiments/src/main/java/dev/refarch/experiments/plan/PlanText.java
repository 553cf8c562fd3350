package dev.refarch.experiments.plan;

import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The plan as {@code refarch run --dry-run} prints it: the study, its cluster, how long a run
 * lasts, every trial with its topology (and sharding), clients × threads per client, target and
 * faults — or why it cannot run here — and every reference with what of it transfers.
 *
 * <p>Stateless and thread-safe.
 */
final class PlanText {

  private PlanText() {
  }

  static String describe(Plan plan) {
    ExperimentSpec spec = plan.spec();
    StringBuilder out = new StringBuilder();
    out.append(spec.id()).append(" — ").append(spec.title()).append(" [").append(spec.scale())
        .append("], ").append(plan.trials().size()).append(" trial(s)");
    if (spec.autoRepetitions().isPresent()) {
      out.append(", ").append(spec.autoRepetitions().get().min()).append(" to ")
          .append(spec.repetitions()).append(" repetitions of each point, interleaved: another"
              + " round while a verdict on a point is inconclusive")
          .append(spec.autoRepetitions().get().budget().map(b -> ", within " + b.toSeconds()
              + " s").orElse(""));
    } else if (spec.repetitions() > 1) {
      out.append(", ").append(spec.repetitions()).append(" repetitions of each point, interleaved");
    }
    plan.skipped().ifPresent(s -> out.append(", SKIPPED: ").append(s));
    out.append('\n');
    Map<String, String> base = new java.util.TreeMap<>(spec.properties());
    spec.workload().ifPresent(w -> base.put("workload", w));
    out.append("  cluster ").append(spec.cluster().type()).append(' ')
        .append(spec.sweep().parameters().containsKey("topology") ? "(topology per trial)"
            : spec.cluster().topology().label());
    if (!spec.cluster().uris().isEmpty()) {
      out.append(", one per topology: ").append(String.join(", ", spec.cluster().uris().keySet()));
    }
    out.append(", properties ").append(base);
    if (!spec.hooks().isEmpty()) {
      out.append(", hooks ").append(String.join(", ", spec.hooks()));
    }
    out.append('\n');
    out.append("  run ").append(runLength(spec)).append('\n');
    spec.slo().ifPresent(s -> out.append("  SLO search: highest throughput with ")
        .append(s.operation()).append(' ').append(s.metric()).append(" <= ").append(s.boundMs())
        .append(" ms, 1 unthrottled probe + ").append(s.steps()).append(" bisection steps per point\n"));
    List<String> reasons = new ArrayList<>();
    for (PlannedTrial t : plan.trials()) {
      out.append("  ").append(t.id()).append("  ").append(t.shape().describe());
      if (plan.conditional(t)) {
        out.append("  (only while a verdict on the point is inconclusive)");
      }
      String why = plan.unavailable().get(t.id());
      if (why != null) {
        if (!reasons.contains(why)) {
          reasons.add(why);
        }
        out.append("  — skipped here [").append(reasons.indexOf(why) + 1).append(']');
      }
      out.append('\n');
    }
    for (int i = 0; i < reasons.size(); i++) {
      out.append("  [").append(i + 1).append("] ").append(reasons.get(i)).append('\n');
    }
    if (!spec.references().isEmpty()) {
      out.append("  references:\n");
      for (Reference r : spec.references()) {
        out.append("    ").append(reference(r)).append('\n');
      }
    }
    return out.toString();
  }

  private static String runLength(ExperimentSpec spec) {
    String warmup = spec.warmup().isNone() ? "no warm-up" : "warm-up " + spec.warmup()
        + " after every client is up";
    return spec.untilSteady().map(u -> warmup + ", then until steady (" + u.rule().windowSeconds()
        + " s without a trend beyond ±" + percent(u.rule().band()) + ", cv ≤ "
        + percent(u.rule().maxCv()) + "), at least " + u.min().toSeconds() + " and at most "
        + u.max().toSeconds() + " s measured")
        .orElse(warmup + ", then " + fixedLength(spec));
  }

  private static String fixedLength(ExperimentSpec spec) {
    Map<String, String> p = spec.properties();
    String ops = spec.sweep().parameters().containsKey("operationcount") ? "each trial's operationcount"
        : p.getOrDefault("operationcount", "1000") + " operations";
    return p.containsKey("maxexecutiontime") ? "for " + p.get("maxexecutiontime") + " s or " + ops
        + ", whichever ends first" : "for " + ops;
  }

  private static String reference(Reference r) {
    String at = r.parameters().isEmpty() ? "(all)" : params(r.parameters());
    String value = r.value().isPresent()
        ? String.format(Locale.ROOT, " %s %s", plain(r.value().getAsDouble()), r.unit()) : "";
    String against = r.againstExperiment().map(e -> " against " + e + (r.against().isEmpty() ? ""
        : " " + params(r.against()))).orElse(r.against().isEmpty() ? ""
        : " against " + params(r.against()));
    return at + ": " + r.metric() + " " + r.operation() + value + " — " + r.transfer().describe()
        + against;
  }

  private static String params(Map<String, String> p) {
    return p.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }

  private static String plain(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
  }
}
