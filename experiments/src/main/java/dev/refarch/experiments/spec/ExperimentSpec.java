package dev.refarch.experiments.spec;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.ycsb.measure.Warmup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One experiment: a study's cluster, platform hooks, YCSB properties, sweep, repetitions, clients,
 * warm-up, optional SLO search and fault schedule, and the paper's reference figures.
 *
 * <p>Immutable. Read from YAML with {@link SpecReader} or built in Java — both produce the same
 * record:
 *
 * <pre>{@code
 * ExperimentSpec spec = ExperimentSpec.builder("threads")
 *     .title("client threads").cluster(ClusterSpec.local("rs=1")).workload("a")
 *     .property("recordcount", "10000").property("operationcount", "20000")
 *     .sweep(Sweep.cartesian(Map.of("threadcount", List.of("1", "2", "4"))))
 *     .build();
 * }</pre>
 *
 * @param id folder-safe identifier, e.g. {@code A1-client-threads}
 * @param title human title
 * @param study the SEEDS.md study id, e.g. {@code A1}, or empty
 * @param source the paper and where in it
 * @param scale the scale this spec was read at ({@code laptop}, {@code paper}, or {@code custom})
 * @param cluster where MongoDB comes from
 * @param hooks platform hooks run around each phase (their settings are among the properties)
 * @param requires platforms the study needs ({@code vsan}, {@code santricity}, {@code kubernetes},
 *     {@code mongos}); without them it is skipped with the reason
 * @param workload core workload letter merged under the properties, or empty
 * @param properties YCSB, {@code mongodb.*}, {@code measurement.*} and hook properties
 * @param clients client JVMs per phase
 * @param threads YCSB threads per client, as YCSB's {@code -threads} (a trial runs
 *     {@code threads × clients} in all)
 * @param repetitions how often each sweep point runs; with {@code autoRepetitions}, the most
 * @param autoRepetitions when repetitions stop as soon as no verdict that rests on a point is
 *     inconclusive: the fewest every point runs and the time budget; empty for exactly
 *     {@code repetitions}
 * @param warmup left out of summaries
 * @param load whether trials load
 * @param run whether trials run
 * @param sweep what varies
 * @param slo the objective to search the highest throughput for, if any
 * @param faults faults injected during each trial
 * @param variants named configurations (properties, faults) trials pick with the sweep parameter
 *     {@code variant}
 * @param untilSteady run each trial until its throughput is steady (at most a maximum), or empty
 *     for runs as long as their operation count or {@code maxexecutiontime}
 * @param baseline the sweep point the report compares against
 * @param references the paper's figures
 * @param manual why the study cannot be automated (e.g. it swaps hardware), if so
 * @param phaseTimeout how long a phase may take
 */
public record ExperimentSpec(String id, String title, String study, String source, String scale,
    ClusterSpec cluster, List<String> hooks, List<String> requires, Optional<String> workload,
    Map<String, String> properties, int clients, int threads, int repetitions,
    Optional<AutoRepetitions> autoRepetitions, Warmup warmup,
    boolean load, boolean run, Sweep sweep, Optional<SloSpec> slo, FaultSchedule faults,
    Map<String, Variant> variants, Optional<UntilSteady> untilSteady,
    Map<String, String> baseline, List<Reference> references, Optional<String> manual,
    Duration phaseTimeout) {

  /** Names experiments and trials may use. */
  public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]+");
  /** Most client JVMs per phase: each is a JVM of its own on the runner's machine. */
  public static final int MAX_CLIENTS = 64;
  /** Most YCSB threads per client. */
  public static final int MAX_THREADS = 10_000;
  /** Most repetitions of a sweep point. */
  public static final int MAX_REPETITIONS = 100;
  /** Platforms a study may require. */
  public static final List<String> PLATFORMS = List.of("vsan", "santricity", "kubernetes", "mongos");
  /**
   * The artifact that brings a platform's hooks and fault injectors, by the name's platform
   * prefix ({@code vsan-spbm}, {@code santricity}, {@code kubernetes-pvc}). The runner depends on
   * no adapter, so a spec may name a hook whose adapter is absent; its plan then says which
   * artifact to add instead of failing to parse.
   */
  private static final Map<String, String> ADAPTERS = Map.of("vsan", "platform-vsan-spbm",
      "santricity", "platform-santricity", "kubernetes", "platform-kubernetes-pvc");

  /** The adapter artifact that provides hook or fault injector {@code name}, if a platform's. */
  public static Optional<String> adapterOf(String name) {
    int dash = name.indexOf('-');
    return Optional.ofNullable(ADAPTERS.get(dash < 0 ? name : name.substring(0, dash)))
        .map(a -> "dev.refarch:" + a);
  }

  public ExperimentSpec {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("id must be letters, digits, '.', '_' or '-': " + id);
    }
    Objects.requireNonNull(cluster, "cluster");
    hooks = List.copyOf(hooks);
    requires = List.copyOf(requires);
    properties = Map.copyOf(properties);
    Objects.requireNonNull(sweep, "sweep");
    Objects.requireNonNull(faults, "faults");
    variants = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variants));
    Objects.requireNonNull(untilSteady, "untilSteady");
    baseline = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(baseline));
    references = List.copyOf(references);
    if (clients < 1 || threads < 1 || repetitions < 1) {
      throw new IllegalArgumentException("clients >= 1, threads >= 1, repetitions >= 1");
    }
    Objects.requireNonNull(autoRepetitions, "autoRepetitions");
    if (autoRepetitions.isPresent() && autoRepetitions.get().min() > repetitions) {
      throw new IllegalArgumentException("repetitions.min " + autoRepetitions.get().min()
          + " exceeds repetitions.max " + repetitions);
    }
  }

  public static Builder builder(String id) {
    return new Builder(id);
  }

  /** A builder holding this spec's values, to change a few. */
  public Builder toBuilder() {
    Builder b = new Builder(id);
    b.title = title;
    b.study = study;
    b.source = source;
    b.scale = scale;
    b.cluster = cluster;
    b.hooks = new ArrayList<>(hooks);
    b.requires = new ArrayList<>(requires);
    b.workload = workload.orElse(null);
    b.properties = new LinkedHashMap<>(properties);
    b.clients = clients;
    b.threads = threads;
    b.repetitions = repetitions;
    b.autoRepetitions = autoRepetitions.orElse(null);
    b.warmup = warmup;
    b.load = load;
    b.run = run;
    b.sweep = sweep;
    b.slo = slo.orElse(null);
    b.faults = faults;
    b.variants = new LinkedHashMap<>(variants);
    b.untilSteady = untilSteady.orElse(null);
    b.baseline = new LinkedHashMap<>(baseline);
    b.references = new ArrayList<>(references);
    b.manual = manual.orElse(null);
    b.phaseTimeout = phaseTimeout;
    return b;
  }

  /** Fluent front end; {@link #build} validates like the YAML reader. */
  public static final class Builder {
    private final String id;
    private String title;
    private String study = "";
    private String source = "";
    private String scale = "custom";
    private ClusterSpec cluster = ClusterSpec.local("rs=1");
    private List<String> hooks = new ArrayList<>();
    private List<String> requires = new ArrayList<>();
    private String workload;
    private Map<String, String> properties = new LinkedHashMap<>();
    private int clients = 1;
    private int threads = 1;
    private int repetitions = 1;
    private AutoRepetitions autoRepetitions;
    private Warmup warmup = Warmup.none();
    private boolean load = true;
    private boolean run = true;
    private Sweep sweep = Sweep.none();
    private SloSpec slo;
    private FaultSchedule faults = FaultSchedule.none();
    private Map<String, Variant> variants = new LinkedHashMap<>();
    private UntilSteady untilSteady;
    private Map<String, String> baseline = new LinkedHashMap<>();
    private List<Reference> references = new ArrayList<>();
    private String manual;
    private Duration phaseTimeout = Duration.ofMinutes(30);

    private Builder(String id) {
      this.id = id;
      this.title = id;
    }

    public Builder title(String v) {
      title = v;
      return this;
    }

    public Builder study(String v) {
      study = v;
      return this;
    }

    public Builder source(String v) {
      source = v;
      return this;
    }

    public Builder scale(String v) {
      scale = v;
      return this;
    }

    public Builder cluster(ClusterSpec v) {
      cluster = v;
      return this;
    }

    public Builder hook(String name) {
      hooks.add(name);
      return this;
    }

    public Builder requires(String platform) {
      requires.add(platform);
      return this;
    }

    public Builder workload(String letter) {
      workload = letter;
      return this;
    }

    public Builder property(String key, String value) {
      properties.put(key, value);
      return this;
    }

    public Builder clients(int v) {
      clients = v;
      return this;
    }

    public Builder threads(int v) {
      threads = v;
      return this;
    }

    /** Exactly {@code v} repetitions of each point. */
    public Builder repetitions(int v) {
      repetitions = v;
      autoRepetitions = null;
      return this;
    }

    /**
     * From {@code min} to {@code max} repetitions of each point: another round while a verdict
     * that rests on a point is inconclusive, while it fits in {@code budget}.
     */
    public Builder repetitions(int min, int max, Optional<Duration> budget) {
      repetitions = max;
      autoRepetitions = new AutoRepetitions(min, budget);
      return this;
    }

    public Builder warmup(Warmup v) {
      warmup = v;
      return this;
    }

    public Builder phases(boolean load, boolean run) {
      this.load = load;
      this.run = run;
      return this;
    }

    public Builder sweep(Sweep v) {
      sweep = v;
      return this;
    }

    public Builder slo(SloSpec v) {
      slo = v;
      return this;
    }

    public Builder faults(FaultSchedule v) {
      faults = v;
      return this;
    }

    /** A configuration that trials pick with the sweep parameter {@code variant=name}. */
    public Builder variant(String name, Variant v) {
      variants.put(name, v);
      return this;
    }

    /** Run each trial until steady, at most the given maximum; {@code null} for fixed runs. */
    public Builder untilSteady(UntilSteady v) {
      untilSteady = v;
      return this;
    }

    public Builder baseline(Map<String, String> v) {
      baseline = new LinkedHashMap<>(v);
      return this;
    }

    public Builder reference(Reference v) {
      references.add(v);
      return this;
    }

    public Builder manual(String reason) {
      manual = reason;
      return this;
    }

    public Builder phaseTimeout(Duration v) {
      phaseTimeout = v;
      return this;
    }

    public ExperimentSpec build() {
      return new ExperimentSpec(id, title, study, source, scale, cluster, hooks, requires,
          Optional.ofNullable(workload), properties, clients, threads, repetitions,
          Optional.ofNullable(autoRepetitions), warmup, load,
          run, sweep, Optional.ofNullable(slo), faults, variants,
          Optional.ofNullable(untilSteady), baseline, references,
          Optional.ofNullable(manual), phaseTimeout);
    }
  }
}
