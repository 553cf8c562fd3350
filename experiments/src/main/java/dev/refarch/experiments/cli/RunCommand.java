package dev.refarch.experiments.cli;

import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.live.LiveMetrics;
import dev.refarch.experiments.run.ExperimentRunner;
import dev.refarch.experiments.kubernetes.KubernetesBridge;
import dev.refarch.experiments.kubernetes.KubernetesSupport;
import dev.refarch.experiments.run.Preflight;
import dev.refarch.experiments.run.Progress;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.spec.Durations;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Problems;
import dev.refarch.experiments.spec.SpecReader;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code refarch run}: plans and runs a catalog entry, a suite, or a spec file. Everything the
 * run depends on is checked first — arguments, {@code --set}, the specs, every trial's settings
 * ({@link Preflight}), the results folder — and all problems are reported together before
 * anything connects or is written; {@code --dry-run} stops after those checks.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Refarch.Version.class,
    description = "Run a catalog study (A1…D3), a suite (tour), all studies, or a spec file.",
    footer = {"", "Exit codes: 0 ran (skipped studies included), 1 a trial or the run failed,"
        + " 2 bad input (nothing was written), 130 interrupted."})
final class RunCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "<catalog-id|file>",
      description = "catalog id or study (e.g. A1, D3), suite (tour), all, or a YAML spec file")
  String target;

  @Option(names = "--scale", paramLabel = "<scale>", description = "laptop (the catalog's"
      + " default) or paper; for a spec file, one of its scales: (default: its first)")
  String scale;

  @Option(names = "--cluster",
      paramLabel = "<provisioner>[:<topology>]|uri:<uri>|kubernetes-local[:<topology>]",
      description = "override the spec's cluster, e.g. local:pss, testcontainers (the spec's"
          + " topologies on containers), uri:mongodb://h1,h2/ycsb, or kubernetes-local (the"
          + " single-node Kubernetes of src/bin/k8s-up, started if needed)")
  String cluster;

  @Option(names = "--set", paramLabel = "key=value",
      description = "override a property, or clients (1-" + ExperimentSpec.MAX_CLIENTS
          + "), threads (1-" + ExperimentSpec.MAX_THREADS + ", per client), repetitions (1-"
          + ExperimentSpec.MAX_REPETITIONS + "); repeatable. Not mongodb.url: use --cluster uri:")
  List<String> sets = new ArrayList<>();

  @Option(names = "--dry-run", description = "check everything a run would, print the plan,"
      + " run and write nothing")
  boolean dryRun;

  @Option(names = "--resume", description = "skip trials that already completed in the results"
      + " folder; refuses trials stored with other settings (see --rerun-changed)")
  boolean resume;

  @Option(names = "--rerun-changed", description = "with --resume: run again the completed"
      + " trials whose stored settings differ, replacing them")
  boolean rerunChanged;

  @Option(names = "--results", paramLabel = "<dir>", description = "results folder (default:"
      + " results)")
  Path results = Path.of("results");

  @Option(names = "--json", description = "print the plan (with --dry-run) or the end-of-run"
      + " summary as JSON on standard output; progress goes to standard error")
  boolean json;

  @Option(names = "--metrics", paramLabel = "[<host>:]<port>", description = "serve the running"
      + " trial's client figures and latest telemetry for Prometheus at http://<host>:<port>"
      + "/metrics while the run lasts (host default: 127.0.0.1)")
  String metrics;

  @Option(names = "--within", paramLabel = "<duration>", description = "start no further"
      + " repetition (repetitions: {min, max}) that would end the run later than this after its"
      + " start, e.g. 30m; 0 for no limit (default: " + LAPTOP_SUITE_LIMIT + " for all at laptop"
      + " scale, else 0)")
  String within;

  /**
   * The time limit of {@code run all --scale laptop}: the laptop catalog's promise, that the whole
   * suite runs within 30 minutes on a quiet 2-core machine. It bounds only the further rounds:
   * every study's first round runs regardless.
   */
  static final String LAPTOP_SUITE_LIMIT = "30m";

  @Override
  public Integer call() throws Exception {
    Instant startedAt = Instant.now();
    List<ExperimentSpec> specs = checkedSpecs();
    PrintStream out = System.out;
    if (dryRun) {
      out.print(json ? plansJson(specs) : plansText(specs));
      return Refarch.OK;
    }
    if (cluster != null && Overrides.isKubernetesLocal(cluster)) {
      Map<String, String> k8s = KubernetesBridge.localClusterSettings();
      specs = specs.stream().map(s -> Overrides.withLocalKubernetes(s, k8s)).toList();
    }
    PrintStream progressOut = json ? System.err : out;
    Progress progress = new Progress(progressOut, System.console() != null && !json);
    ExperimentRunner.ResumeMode mode = !resume ? ExperimentRunner.ResumeMode.NONE
        : rerunChanged ? ExperimentRunner.ResumeMode.RERUN_CHANGED
        : ExperimentRunner.ResumeMode.REFUSE_CHANGED;
    RunSummary summary = new RunSummary();
    try (LiveMetrics live = metrics == null ? null
        : LiveMetrics.serve(LiveMetrics.Address.parse(metrics))) {
      if (live != null) {
        progressOut.println("metrics: http://" + LiveMetrics.Address.parse(metrics).host() + ":"
            + live.port() + "/metrics");
      }
      // every experiment's first round, then further rounds one experiment after another while
      // they fit: a suite's time limit goes first to a first look at every study
      Map<ExperimentRunner.Started, Path> started = new LinkedHashMap<>();
      for (ExperimentSpec s : specs) {
        ExperimentRunner runner = new ExperimentRunner(results, progress);
        ExperimentRunner.Started one = (live == null ? runner : runner.withListener(live))
            .start(s, mode);
        started.put(one, one.outcome().skipped().isEmpty() ? Reports.write(one.folder()) : null);
      }
      Optional<Instant> deadline = timeLimit().map(startedAt::plus);
      deadline.ifPresent(d -> progressOut.println("== further repetitions only while they end"
          + " within " + within() + " of the run's start (--within)"));
      boolean more = true;
      while (more) {
        more = false;
        for (ExperimentRunner.Started one : started.keySet()) {
          if (one.nextRound(deadline)) {
            more = true;
            started.put(one, Reports.write(one.folder()));
          }
        }
      }
      started.forEach((one, report) -> summary.add(one.outcome(), report));
    }
    summary.finish(results);
    if (json) {
      out.println(summary.json());
    } else {
      out.println();
      out.print(summary.text());
    }
    return summary.anyFailed() ? Refarch.TRIAL_FAILED : Refarch.OK;
  }

  /** {@code --within}, or its default. */
  private String within() {
    return within != null ? within.trim() : target.equals("all")
        && (scale == null || scale.equals("laptop")) ? LAPTOP_SUITE_LIMIT : "0";
  }

  /** The run's time limit for further repetitions; empty for none. */
  private Optional<Duration> timeLimit() {
    String limit = within();
    if (limit.equals("0")) {
      return Optional.empty();
    }
    try {
      return Optional.of(Durations.parse(limit));
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("--within", within, Durations.FORM + ", or 0 for no"
          + " limit");
    }
  }

  /** The specs with the overrides applied, after every check; all problems at once. */
  private List<ExperimentSpec> checkedSpecs() {
    Problems problems = new Problems();
    if (rerunChanged && !resume) {
      problems.add(new ConfigurationException("--rerun-changed", "true", "only with --resume")
          .getMessage());
    }
    problems.run(() -> ResultsFolder.checkRoot("--results", results));
    problems.run(this::timeLimit);
    if (metrics != null) {
      problems.run(() -> LiveMetrics.Address.parse(metrics));
    }
    Overrides overrides = problems.check(() -> Overrides.parse(sets, cluster)).orElse(null);
    List<ExperimentSpec> loaded = problems.check(this::load).orElse(List.of());
    problems.throwIfAny();
    List<ExperimentSpec> specs = new ArrayList<>();
    for (ExperimentSpec s : loaded) {
      problems.check(() -> overrides.apply(s)).ifPresent(specs::add);
    }
    problems.throwIfAny();
    specs.forEach(s -> problems.run(() -> Preflight.check(beforeClusterStart(s))));
    problems.throwIfAny();
    return specs;
  }

  /**
   * {@code spec} as the checks see it before a {@code kubernetes-local} cluster runs: its client
   * image is known only once the cluster is up (the runner checks it again then), and whether
   * the cluster can run here at all is checked now.
   */
  private ExperimentSpec beforeClusterStart(ExperimentSpec spec) {
    if (cluster == null || !Overrides.isKubernetesLocal(cluster)) {
      return spec;
    }
    KubernetesSupport.require("--cluster", cluster);
    KubernetesBridge.localUnavailableReason().ifPresent(r -> {
      throw new ConfigurationException("--cluster", cluster, "a cluster that can run here", r);
    });
    Map<String, String> image = spec.cluster().settings().containsKey("k8s.clients.image")
        ? Map.of() : Map.of("k8s.clients.image", "docker.io/local/refarch-client:from-the-node");
    return spec.toBuilder().cluster(spec.cluster().withSettings(image)).build();
  }

  private List<ExperimentSpec> load() {
    Path file = Path.of(target);
    if (Files.isRegularFile(file)) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new ConfigurationException("<file>", target, "a readable spec file", e.toString());
      }
      List<String> scales = SpecReader.scales(file.toString(), text);
      if (scale != null && !scales.contains(scale)) {
        throw new ConfigurationException("--scale", scale, scales.isEmpty() ? "none: "
            + file + " has no scales: section" : String.join(", ", scales));
      }
      return List.of(SpecReader.parse(file.toString(), text, scale));
    }
    if (scale != null && !Catalog.scales().contains(scale)) {
      throw new ConfigurationException("--scale", scale, String.join(", ", Catalog.scales()));
    }
    if (!Files.exists(file) && (target.endsWith(".yaml") || target.endsWith(".yml")
        || target.contains("/"))) {
      throw new ConfigurationException("<catalog-id|file>", target, "a catalog id, a suite,"
          + " all, or an existing spec file", "no such file");
    }
    return Catalog.resolve(target, scale == null ? "laptop" : scale);
  }

  private static String plansText(List<ExperimentSpec> specs) {
    StringBuilder b = new StringBuilder();
    specs.forEach(s -> b.append(Plan.of(s, s.properties()).describe()));
    return b.toString();
  }

  private static String plansJson(List<ExperimentSpec> specs) {
    List<String> plans = specs.stream().map(s -> PlanJson.render(Plan.of(s, s.properties()))
        .strip()).toList();
    return "[" + String.join(",\n", plans) + "]\n";
  }
}
