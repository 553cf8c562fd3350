package dev.refarch.experiments.trial;

import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.UntilSteady;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.measure.Warmup;
import dev.refarch.ycsb.mongo.MongoDbClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * One trial: optional load, then optional run, of YCSB against one cluster with N client JVMs.
 *
 * <p>Immutable; build with {@link #builder}:
 *
 * <pre>{@code
 * TrialSpec spec = TrialSpec.builder("baseline", "workload-a")
 *     .cluster(uri).properties(CoreWorkloads.properties("a"))
 *     .property("recordcount", "10000").property("operationcount", "100000")
 *     .clients(2).threadsPerClient(4).warmup(Warmup.seconds(5)).build();
 * }</pre>
 *
 * @param experiment experiment name, a folder name ({@code [A-Za-z0-9._-]+})
 * @param trial trial id, a folder name, stable across runs of the same plan
 * @param connectionString the cluster's URL, handed to clients as {@code mongodb.url}
 * @param properties YCSB, {@code mongodb.*} and {@code measurement.*} properties for every client
 * @param clients client JVMs per phase, at least 1
 * @param threadsPerClient YCSB threads in each client JVM (YCSB's {@code -threads}), as a spec's
 *     {@code threads} and the {@code threadcount} sweep parameter mean; at least 1. Over all
 *     clients: {@link #totalThreads}
 * @param load whether to run {@code -load}
 * @param run whether to run {@code -t}
 * @param target total target operations per second of the run phase, empty for unthrottled
 * @param warmup left out of the run phase's summaries
 * @param hooks platform hook names, run by the runner around each phase
 * @param phaseTimeout how long a phase may take before its clients are stopped
 * @param db the YCSB binding class the clients use
 * @param jvmOptions extra options for each client JVM, e.g. {@code -Xmx512m}
 * @param reuseClients whether local clients run in JVMs kept warm across phases and trials
 *     ({@link WarmClients}) rather than in a JVM forked for each; Kubernetes clients are pods of
 *     one phase either way
 * @param faults faults to inject while phases run; needs a cluster with a fault injector
 * @param untilSteady run until the merged throughput is steady (at most its maximum measured
 *     time), instead of for the operation count or {@code maxexecutiontime} alone; the clients'
 *     {@code maxexecutiontime} becomes warm-up plus that maximum
 * @param telemetry whether the runner samples the servers, machines and disks beside the
 *     clients ({@code telemetry.csv}; {@code refarch.telemetry})
 */
public record TrialSpec(String experiment, String trial, String connectionString,
    Map<String, String> properties, int clients, int threadsPerClient, boolean load, boolean run,
    OptionalDouble target, Warmup warmup, List<String> hooks, Duration phaseTimeout, String db,
    List<String> jvmOptions, boolean reuseClients, FaultSchedule faults,
    Optional<UntilSteady> untilSteady, boolean telemetry) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._=-]+");

  public TrialSpec {
    requireName("experiment", experiment);
    requireName("trial", trial);
    Objects.requireNonNull(connectionString, "connectionString");
    properties = Map.copyOf(properties);
    if (clients < 1) {
      throw new ConfigurationException("clients", String.valueOf(clients), "1 or more");
    }
    if (threadsPerClient < 1) {
      throw new ConfigurationException("threadsPerClient", String.valueOf(threadsPerClient),
          "1 or more");
    }
    if (!load && !run) {
      throw new ConfigurationException("phases", "none", "load, run, or both");
    }
    if (target.isPresent() && !(target.getAsDouble() > 0)) {
      throw new ConfigurationException("target", String.valueOf(target.getAsDouble()),
          "a positive number of operations per second");
    }
    Objects.requireNonNull(warmup, "warmup");
    hooks = List.copyOf(hooks);
    if (phaseTimeout.isNegative() || phaseTimeout.isZero()) {
      throw new ConfigurationException("phaseTimeout", phaseTimeout.toString(), "a positive duration");
    }
    Objects.requireNonNull(db, "db");
    jvmOptions = List.copyOf(jvmOptions);
    Objects.requireNonNull(faults, "faults");
    Objects.requireNonNull(untilSteady, "untilSteady");
    if (untilSteady.isPresent() && warmup.unit() == Warmup.Unit.OPERATIONS) {
      throw new ConfigurationException("warmup", warmup.toString(),
          "a warm-up in seconds when the run lasts until steady (its window is timed)");
    }
    if (run && "0".equals(String.valueOf(properties.get("operationcount")).trim())
        && untilSteady.isEmpty() && !timeBoxed(properties)) {
      throw new ConfigurationException("operationcount", "0",
          "a count above 0, or 0 with maxexecutiontime above 0 or a run until steady",
          "a run without a count ends only by time");
    }
  }

  /** Whether YCSB's own time limit, {@code maxexecutiontime}, ends the run. */
  static boolean timeBoxed(Map<String, String> properties) {
    String limit = properties.get("maxexecutiontime");
    try {
      return limit != null && Long.parseLong(limit.trim()) > 0;
    } catch (NumberFormatException e) {
      throw new ConfigurationException("maxexecutiontime", limit, "an integer");
    }
  }

  private static void requireName(String key, String value) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw new ConfigurationException(key, value, "letters, digits, '.', '_', '=' and '-' (a folder name)");
    }
  }

  /** A long property, or {@code fallback} when absent. */
  long longProperty(String key, long fallback) {
    String v = properties.get(key);
    if (v == null) {
      return fallback;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new ConfigurationException(key, v, "an integer");
    }
  }

  public static Builder builder(String experiment, String trial) {
    return new Builder(experiment, trial);
  }

  /** A copy with another trial id. */
  public TrialSpec withTrial(String id) {
    return new TrialSpec(experiment, id, connectionString, properties, clients, threadsPerClient, load, run,
        target, warmup, hooks, phaseTimeout, db, jvmOptions, reuseClients, faults,
        untilSteady, telemetry);
  }

  /** YCSB threads over all clients of a phase: {@code clients × threadsPerClient}. */
  public int totalThreads() {
    return clients * threadsPerClient;
  }

  /** Fluent front end; {@link #build} validates. */
  public static final class Builder {
    private final String experiment;
    private final String trial;
    private String connectionString;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private int clients = 1;
    private int threadsPerClient = 1;
    private boolean load = true;
    private boolean run = true;
    private OptionalDouble target = OptionalDouble.empty();
    private Warmup warmup = Warmup.none();
    private List<String> hooks = List.of();
    private Duration phaseTimeout = Duration.ofMinutes(30);
    private String db = MongoDbClient.class.getName();
    private List<String> jvmOptions = List.of("-Xmx512m");
    private boolean reuseClients = true;
    private boolean telemetry = true;
    private FaultSchedule faults = FaultSchedule.none();
    private UntilSteady untilSteady;

    private Builder(String experiment, String trial) {
      this.experiment = experiment;
      this.trial = trial;
    }

    public Builder cluster(String connectionString) {
      this.connectionString = connectionString;
      return this;
    }

    public Builder property(String key, String value) {
      properties.put(key, value);
      return this;
    }

    public Builder properties(Map<?, ?> more) {
      more.forEach((k, v) -> properties.put(k.toString(), v.toString()));
      return this;
    }

    public Builder clients(int clients) {
      this.clients = clients;
      return this;
    }

    /** YCSB threads in each client JVM; {@link TrialSpec#totalThreads} over all of them. */
    public Builder threadsPerClient(int threadsPerClient) {
      this.threadsPerClient = threadsPerClient;
      return this;
    }

    /** Which phases run. */
    public Builder phases(boolean load, boolean run) {
      this.load = load;
      this.run = run;
      return this;
    }

    public Builder target(double opsPerSecond) {
      this.target = OptionalDouble.of(opsPerSecond);
      return this;
    }

    public Builder warmup(Warmup warmup) {
      this.warmup = warmup;
      return this;
    }

    public Builder hooks(List<String> hooks) {
      this.hooks = hooks;
      return this;
    }

    public Builder phaseTimeout(Duration timeout) {
      this.phaseTimeout = timeout;
      return this;
    }

    public Builder db(String bindingClass) {
      this.db = bindingClass;
      return this;
    }

    public Builder jvmOptions(List<String> options) {
      this.jvmOptions = options;
      return this;
    }

    /** Whether local clients run in JVMs kept warm across phases (the default) or fresh ones. */
    public Builder reuseClients(boolean reuse) {
      this.reuseClients = reuse;
      return this;
    }

    /** Whether the runner samples telemetry beside the clients; on unless told. */
    public Builder telemetry(boolean on) {
      this.telemetry = on;
      return this;
    }

    public Builder faults(FaultSchedule faults) {
      this.faults = faults;
      return this;
    }

    /** Faults in {@link FaultSchedule}'s text form, e.g. {@code "30s kill primary; 90s restart primary"}. */
    public Builder faults(String schedule) {
      return faults(FaultSchedule.parse(schedule));
    }

    /** Run until steady, at most its maximum measured time; {@code null} for a fixed length. */
    public Builder untilSteady(UntilSteady untilSteady) {
      this.untilSteady = untilSteady;
      return this;
    }

    public TrialSpec build() {
      return new TrialSpec(experiment, trial, connectionString, properties, clients, threadsPerClient, load,
          run, target, warmup, hooks, phaseTimeout, db, jvmOptions, reuseClients, faults,
          Optional.ofNullable(untilSteady), telemetry);
    }
  }
}
