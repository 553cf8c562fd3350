package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.results.TrialJson;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyKind;
import dev.refarch.ycsb.measure.LatencyStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Reads one trial's folder — {@code trial.json} for status, per-operation figures and faults,
 * {@code run.hlog} for the latency of all operations together — into a {@link TrialRecord}.
 *
 * <p>Stateless and thread-safe. Never throws for a broken trial: an unreadable or foreign
 * {@code trial.json} makes a failed record that says why.
 */
public final class TrialReader {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String AUDIT = "audit";

  private TrialReader() {
  }

  /** The record of {@code planned}, whose folder is {@code dir} (which may not exist). */
  static TrialRecord read(Path dir, StoredPlan.PlannedTrial planned) {
    Path file = dir.resolve(TrialJson.FILE);
    if (!Files.isRegularFile(file)) {
      return TrialRecord.missing(planned);
    }
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (IOException | UncheckedIOException e) {
      return failed(dir, planned, TrialJson.FILE + " cannot be read: " + e.getMessage());
    }
    if (!TrialJson.FORMAT.equals(root.path("format").asText())) {
      return failed(dir, planned, TrialJson.FILE + " has format '" + root.path("format").asText()
          + "'; this report reads " + TrialJson.FORMAT);
    }
    List<String> failures = new ArrayList<>();
    root.path("failures").forEach(f -> failures.add(f.asText()));
    boolean completed = "completed".equals(root.path("status").asText()) && failures.isEmpty();
    String phase = root.path("phases").has("run") ? "run" : "load";
    List<TrialFault> faults = faults(root.path("faults"));
    Map<String, Map<Quantity, Double>> values = values(root, phase, dir, faults, failures);
    return new TrialRecord(planned.id(), parameters(planned, root.path("parameters")),
        planned.repetition(), completed ? TrialRecord.Status.COMPLETED : TrialRecord.Status.FAILED,
        failures, values, faults, phase, Optional.of(dir), facts(root, phase, dir));
  }

  private static TrialRecord failed(Path dir, StoredPlan.PlannedTrial planned, String why) {
    return new TrialRecord(planned.id(), planned.parameters(), planned.repetition(),
        TrialRecord.Status.FAILED, List.of(why), Map.of(), List.of(), "run", Optional.of(dir),
        TrialFacts.unknown());
  }

  /**
   * Steadiness, samples, clients, cores, the judged window and the CPU evidence over it, from
   * {@code trial.json} and the CPU timelines in {@code dir} ({@link ClientCpu},
   * {@link CpuEvidence}).
   */
  static TrialFacts facts(JsonNode root, String phase, Path dir) {
    JsonNode p = root.path("phases").path(phase);
    JsonNode steady = p.path("steadyState");
    JsonNode summary = figures(p);
    Map<String, Long> samples = new LinkedHashMap<>();
    long all = 0;
    for (Map.Entry<String, JsonNode> op : summary.path("operations").properties()) {
      long n = op.getValue().path("serviceTime").path("count").asLong();
      samples.put(op.getKey(), n);
      all += n;
    }
    samples.put(Quantity.OVERALL, all);
    int cores = root.path("host").path("cores").asInt(0);
    TrialFacts.Window window = window(p);
    OptionalDouble share = ClientCpu.share(p, dir, cores);
    Optional<CpuEvidence> cpu = window.toEpochMs() > window.fromEpochMs() && cores > 0
        ? Optional.of(CpuEvidence.of(p, dir, cores, window.fromEpochMs(), window.toEpochMs()))
        : Optional.empty();
    Optional<String> drift = steady.path("drifted").asBoolean(false)
        ? Optional.of(String.format(java.util.Locale.ROOT, "drifted: steady at %.0f ops/s from"
            + " second %.0f, its final %d s at %.0f ops/s", steady.path("opsPerSecond").asDouble(),
            (steady.path("fromEpochMs").asLong() - p.path("summary").path("measuredFromEpochMs")
                .asLong()) / 1000.0, steady.path("windowSeconds").asInt(),
            steady.path("finalOpsPerSecond").asDouble()))
        : Optional.empty();
    return new TrialFacts(steady.path("reached").isBoolean()
        ? Optional.of(steady.path("reached").asBoolean()) : Optional.empty(),
        steady.path("measuredSeconds").asDouble(p.path("summary").path("measuredSeconds").asDouble()),
        steady.path("stoppedWhenSteady").asBoolean(false),
        root.path("parameters").path("clients").asInt(0), threadsPerClient(root.path("parameters")),
        cores, share, samples,
        root.path("startedEpochMs").asLong(0), window, drift, cpu.filter(e ->
            e.clientCpuSeconds().isPresent() || e.machineBusySeconds().isPresent()),
        clientMicrosPerOp(p, cpu, samples.get(Quantity.OVERALL)),
        ServerTelemetry.read(root, dir, window), machineProbe(root.path("host")));
  }

  /** The machine-speed readings of {@code host.machineProbe}, before and after together. */
  private static List<Double> machineProbe(JsonNode host) {
    List<Double> ns = new java.util.ArrayList<>();
    for (String side : List.of("before", "after")) {
      host.path("machineProbe").path(side).forEach(v -> ns.add(v.asDouble()));
    }
    return ns;
  }

  /**
   * YCSB threads in each client: {@code threadsPerClient}; trials written before it recorded only
   * the total, {@code threads}, shared over the clients with the remainder on the first.
   */
  private static int threadsPerClient(JsonNode parameters) {
    if (parameters.has("threadsPerClient")) {
      return parameters.path("threadsPerClient").asInt(0);
    }
    int clients = parameters.path("clients").asInt(0);
    return clients > 0 ? (parameters.path("threads").asInt(0) + clients - 1) / clients : 0;
  }

  /**
   * The phase's recorded {@code clientCost}; for results written before it, the clients' CPU
   * over the window's measured operations.
   */
  private static OptionalDouble clientMicrosPerOp(JsonNode phase, Optional<CpuEvidence> cpu,
      long operations) {
    JsonNode recorded = phase.path("clientCost").path("microsPerOperation");
    if (recorded.isNumber()) {
      return OptionalDouble.of(recorded.asDouble());
    }
    return cpu.isPresent() && cpu.get().clientCpuSeconds().isPresent() && operations > 0
        ? OptionalDouble.of(cpu.get().clientCpuSeconds().getAsDouble() / operations * 1e6)
        : OptionalDouble.empty();
  }

  /**
   * The summary a trial's figures come from: the judged window's when the run was steady, else
   * the whole measured window's.
   */
  static JsonNode figures(JsonNode phase) {
    JsonNode judged = phase.path("judged").path("summary");
    return judged.isObject() ? judged : phase.path("summary");
  }

  /**
   * The window of {@link #figures}: {@code judged}'s; for results written before it, the steady
   * window to the end of the measured window when the run was steady; else the measured window.
   */
  static TrialFacts.Window window(JsonNode phase) {
    JsonNode judged = phase.path("judged");
    if (judged.path("fromEpochMs").isNumber()) {
      return new TrialFacts.Window(judged.path("fromEpochMs").asLong(),
          judged.path("toEpochMs").asLong(), true);
    }
    JsonNode summary = phase.path("summary");
    return new TrialFacts.Window(summary.path("measuredFromEpochMs").asLong(0),
        summary.path("endEpochMs").asLong(0), false);
  }

  /** The plan's parameters, plus the runner's {@code target} for SLO-search trials. */
  private static Map<String, String> parameters(StoredPlan.PlannedTrial planned, JsonNode recorded) {
    Map<String, String> p = new LinkedHashMap<>(planned.parameters());
    String target = recorded.path("target").asText("none");
    // a folder without a plan names each point by its trial, whatever its target
    if (!p.containsKey("target") && !p.containsKey(UnplannedTrials.TRIAL)
        && !target.equals("none") && !target.isEmpty()) {
      p.put("target", plain(target));
    }
    return p;
  }

  /** {@code 500.0} as {@code 500}: targets are written as doubles but planned as integers. */
  static String plain(String number) {
    try {
      return new BigDecimal(number).stripTrailingZeros().toPlainString();
    } catch (NumberFormatException e) {
      return number;
    }
  }

  private static Map<String, Map<Quantity, Double>> values(JsonNode root, String phase, Path dir,
      List<TrialFault> faults, List<String> failures) {
    Map<String, Map<Quantity, Double>> values = new LinkedHashMap<>();
    Map<Quantity, Double> overall = new EnumMap<>(Quantity.class);
    values.put(Quantity.OVERALL, overall);
    JsonNode operations = figures(root.path("phases").path(phase)).path("operations");
    double total = 0;
    for (Map.Entry<String, JsonNode> op : operations.properties()) {
      Map<Quantity, Double> m = new EnumMap<>(Quantity.class);
      double throughput = op.getValue().path("throughput").asDouble();
      total += throughput;
      m.put(Quantity.THROUGHPUT, throughput);
      JsonNode service = op.getValue().path("serviceTime");
      if (service.path("count").asLong() > 0) {
        for (Quantity metric : Quantity.values()) {
          if (metric.isLatency()) {
            m.put(metric, service.path(metric.label()).asDouble() / 1000.0);
          }
        }
      }
      for (Quantity perOp : List.of(Quantity.DOCUMENTS, Quantity.BYTES)) {
        JsonNode q = op.getValue().path("metrics").path(perOp.label());
        if (q.path("count").asLong() > 0) {
          m.put(perOp, q.path("mean").asDouble());
        }
      }
      values.put(op.getKey(), m);
    }
    if (!operations.isEmpty()) {
      overall.put(Quantity.THROUGHPUT, total);
      overallLatency(dir.resolve(hlogName(phase)), window(root.path("phases").path(phase)),
          overall, failures);
    }
    interruptions(faults, values);
    audit(root.path(AUDIT), overall, values);
    return values;
  }

  /**
   * The audit's counts: acknowledged and lost writes overall (inserts and updates together),
   * and per operation type measured ({@code INSERT}, {@code UPDATE}); the rollback files'
   * documents overall.
   */
  private static void audit(JsonNode audit, Map<Quantity, Double> overall,
      Map<String, Map<Quantity, Double>> values) {
    if (!audit.path("lost").isNumber()) {
      return;
    }
    JsonNode updates = audit.path("updates");
    overall.put(Quantity.ACKNOWLEDGED_WRITES, audit.path("acknowledged").asDouble()
        + updates.path("acknowledged").asDouble(0));
    overall.put(Quantity.LOST_WRITES, audit.path("lost").asDouble()
        + updates.path("lost").asDouble(0));
    perOperation(values, "INSERT", audit);
    if (updates.isObject()) {
      perOperation(values, "UPDATE", updates);
    }
    if (audit.path("rollback").path("documents").isNumber()) {
      overall.put(Quantity.ROLLED_BACK, audit.path("rollback").path("documents").asDouble());
    }
  }

  private static void perOperation(Map<String, Map<Quantity, Double>> values, String operation,
      JsonNode counts) {
    values.computeIfPresent(operation, (op, m) -> {
      m.put(Quantity.ACKNOWLEDGED_WRITES, counts.path("acknowledged").asDouble());
      m.put(Quantity.LOST_WRITES, counts.path("lost").asDouble());
      return m;
    });
  }

  /**
   * Latency of all operations together: the union of every operation's service histogram over
   * the judged window (the whole log for results without one).
   */
  private static void overallLatency(Path hlog, TrialFacts.Window window,
      Map<Quantity, Double> overall, List<String> failures) {
    if (!Files.isRegularFile(hlog)) {
      return;
    }
    try {
      String suffix = "." + LatencyKind.SERVICE.label();
      Histogram all = new Histogram(3);
      for (Histogram h : HdrLogs.intervals(hlog)) {
        boolean inside = !window.steady() || h.getStartTimeStamp() >= window.fromEpochMs()
            && h.getStartTimeStamp() < window.toEpochMs();
        if (inside && String.valueOf(h.getTag()).endsWith(suffix)) {
          all.add(h);
        }
      }
      if (all.getTotalCount() > 0) {
        LatencyStats.of(all).figures().forEach((label, us) ->
            overall.put(Quantity.parse("figure", label), us / 1000.0));
      }
    } catch (RuntimeException e) {
      failures.add(hlog.getFileName() + " cannot be read: " + e.getMessage());
    }
  }

  /** The merged HDR log of {@code phase}: {@code run.hlog} or {@code load.hlog}. */
  public static String hlogName(String phase) {
    return phase + ".hlog";
  }

  /** The merged timeline of {@code phase}: {@code timeline.csv} or {@code load-timeline.csv}. */
  public static String timelineName(String phase) {
    return phase.equals("run") ? "timeline.csv" : phase + "-timeline.csv";
  }

  /** Per operation type, the measured (not warm-up) service-time histogram in nanoseconds. */
  public static Map<String, Histogram> serviceHistograms(Path hlog) {
    Map<String, Histogram> out = new TreeMap<>();
    String suffix = "." + LatencyKind.SERVICE.label();
    HdrLogs.totalsByTag(hlog).forEach((tag, h) -> {
      if (tag.endsWith(suffix)) {
        out.put(tag.substring(0, tag.length() - suffix.length()), h);
      }
    });
    return out;
  }

  private static void interruptions(List<TrialFault> faults, Map<String, Map<Quantity, Double>> values) {
    for (TrialFault f : faults) {
      f.interruptionMs().forEach((op, ms) -> {
        values.computeIfAbsent(op, o -> new EnumMap<>(Quantity.class))
            .merge(Quantity.INTERRUPTION, ms.doubleValue(), Math::max);
        values.get(Quantity.OVERALL).merge(Quantity.INTERRUPTION, ms.doubleValue(), Math::max);
      });
    }
  }

  private static List<TrialFault> faults(JsonNode faults) {
    List<TrialFault> out = new ArrayList<>();
    for (JsonNode f : faults) {
      Map<String, Long> interruption = new TreeMap<>();
      Map<String, Boolean> resumed = new TreeMap<>();
      for (Map.Entry<String, JsonNode> op : f.path("interruption").properties()) {
        interruption.put(op.getKey(), op.getValue().path("interruptionMs").asLong());
        resumed.put(op.getKey(), op.getValue().path("resumed").asBoolean(true));
      }
      JsonNode election = f.path("electionMs");
      out.add(new TrialFault(f.path("epochMs").asLong(), f.path("phase").asText(""),
          f.path("action").asText(""), f.path("target").asText(""), f.path("member").asText(""),
          f.path("failure").asText(""),
          election.isNumber() ? Optional.of(election.asLong()) : Optional.empty(),
          interruption, resumed, durations(f.path("durationsMs"))));
    }
    return out;
  }

  /** The platform-side durations in the file's order; none in files written before them. */
  private static Map<String, Long> durations(JsonNode durations) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> d : durations.properties()) {
      if (d.getValue().isNumber()) {
        out.put(d.getKey(), d.getValue().asLong());
      }
    }
    return out;
  }
}
