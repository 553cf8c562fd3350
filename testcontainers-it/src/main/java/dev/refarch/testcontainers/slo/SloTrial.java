package dev.refarch.testcontainers.slo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.testcontainers.cluster.ConnectionStrings;
import dev.refarch.ycsb.measure.Warmup;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one YCSB trial from a test — load, then run, with forked client JVMs through the
 * {@link TrialRunner} — against a cluster, ready for {@link SloAssert}. Defaults suit a test: 1000
 * records, 10000 operations, 4 threads in one client, into database {@code slo}, results under
 * {@code target/slo-results}. The YCSB table (collection) is dropped before the load, so that
 * repeated trials start alike; turn that off with {@link #dropFirst(boolean)} for a collection
 * prepared beforehand, e.g. sharded.
 *
 * <p>Not thread-safe (a builder); {@link #run()} may be called again for another trial.
 *
 * <pre>{@code
 * TrialResult r = SloTrial.against(cluster).workload("a")
 *     .records(10_000).operations(20_000).target(500).threadsPerClient(4)
 *     .property("mongodb.durability", "durable").run();
 * SloAssert.assertThat(r).operation("UPDATE").percentile(99).isBelow(Duration.ofMillis(10));
 * }</pre>
 */
public final class SloTrial {

  private final String connectionString;
  private final PlatformState state;
  private String workload = "a";
  private long records = 1_000;
  private long operations = 10_000;
  private Double target;
  private int threadsPerClient = 4;
  private int clients = 1;
  private Warmup warmup = Warmup.none();
  private String database = "slo";
  private Path resultsRoot = Path.of("target", "slo-results");
  private String trial;
  private Duration timeout = Duration.ofMinutes(10);
  private boolean dropFirst = true;
  private final Map<String, String> properties = new LinkedHashMap<>();

  private SloTrial(String connectionString, PlatformState state) {
    this.connectionString = Objects.requireNonNull(connectionString, "connectionString");
    this.state = state;
  }

  /** A trial against {@code cluster}, whose platform state is stored with the results. */
  public static SloTrial against(RunningCluster cluster) {
    return new SloTrial(cluster.connectionString(), cluster.state());
  }

  /** A trial against the cluster at {@code connectionString}. */
  public static SloTrial against(String connectionString) {
    return new SloTrial(connectionString, PlatformState.empty());
  }

  /** YCSB core workload {@code a}…{@code f} (default {@code a}). */
  public SloTrial workload(String letter) {
    CoreWorkloads.properties(letter);
    this.workload = letter.toLowerCase(Locale.ROOT).replace("workload", "");
    return this;
  }

  /** Records loaded before the run (YCSB {@code recordcount}). */
  public SloTrial records(long records) {
    this.records = records;
    return this;
  }

  /**
   * Operations of the run phase (YCSB {@code operationcount}); 0 for a run that ends by time,
   * with {@code property("maxexecutiontime", seconds)}.
   */
  public SloTrial operations(long operations) {
    this.operations = operations;
    return this;
  }

  /** Total target throughput of the run in operations per second; also records response times. */
  public SloTrial target(double opsPerSecond) {
    this.target = opsPerSecond;
    return this;
  }

  /** YCSB threads in each client JVM (default 4), as YCSB's {@code -threads}. */
  public SloTrial threadsPerClient(int threadsPerClient) {
    this.threadsPerClient = threadsPerClient;
    return this;
  }

  /** Client JVMs (default 1). */
  public SloTrial clients(int clients) {
    this.clients = clients;
    return this;
  }

  public SloTrial warmup(Warmup warmup) {
    this.warmup = warmup;
    return this;
  }

  /** The database the trial writes to (default {@code slo}). */
  public SloTrial database(String database) {
    this.database = database;
    return this;
  }

  /** Where results folders go (default {@code target/slo-results}). */
  public SloTrial results(Path root) {
    this.resultsRoot = root;
    return this;
  }

  /** The trial id, a folder name (default {@code workload-<letter>[-<target>ops]}). */
  public SloTrial trial(String id) {
    this.trial = id;
    return this;
  }

  /** How long each phase may take (default 10 minutes). */
  public SloTrial timeout(Duration timeout) {
    this.timeout = timeout;
    return this;
  }

  /** Whether to drop the YCSB table before loading (default {@code true}). */
  public SloTrial dropFirst(boolean drop) {
    this.dropFirst = drop;
    return this;
  }

  /** Any YCSB, {@code mongodb.*} or {@code measurement.*} property. */
  public SloTrial property(String key, String value) {
    properties.put(key, value);
    return this;
  }

  /** The trial as the runner will run it. */
  public TrialSpec spec() {
    String id = trial != null ? trial : "workload-" + workload
        + (target == null ? "" : "-" + Math.round(target) + "ops");
    TrialSpec.Builder b = TrialSpec.builder("slo", id)
        .cluster(ConnectionStrings.withDatabase(connectionString, database))
        .properties(CoreWorkloads.properties(workload))
        .property("recordcount", String.valueOf(records))
        .property("operationcount", String.valueOf(operations))
        .properties(properties).clients(clients).threadsPerClient(threadsPerClient).warmup(warmup)
        .phaseTimeout(timeout);
    if (target != null) {
      b.target(target);
    }
    return b.build();
  }

  /**
   * Loads and runs the trial {@code n} times, one after another, as {@code <id>-r1} …
   * {@code <id>-r<n>}: the repetitions of one point, for a comparison that tells a change from
   * the scatter between trials ({@link BaselineAssert}, {@code refarch compare}).
   *
   * @param n at least 1
   * @return each repetition's result, in order
   */
  public List<TrialResult> runRepetitions(int n) throws InterruptedException {
    if (n < 1) {
      throw new IllegalArgumentException("repetitions is " + n + "; at least 1");
    }
    String base = spec().trial();
    List<TrialResult> out = new ArrayList<>();
    String named = trial;
    try {
      for (int r = 1; r <= n; r++) {
        trial = base + "-r" + r;
        out.add(run());
      }
    } finally {
      trial = named;
    }
    return out;
  }

  /**
   * Loads and runs the trial; its results folder is complete when this returns.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for bad settings, before
   *     anything runs
   */
  public TrialResult run() throws InterruptedException {
    TrialSpec spec = spec();
    if (dropFirst) {
      try (MongoClient client = MongoClients.create(spec.connectionString())) {
        client.getDatabase(database).getCollection(spec.properties()
            .getOrDefault("table", "usertable")).drop();
      }
    }
    return new TrialRunner(resultsRoot).run(spec, state);
  }
}
