package dev.refarch.experiments.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A trial as stored in its folder, read back from {@code trial.json}: whether it completed, and
 * the run phase's figures that resuming and SLO search need.
 *
 * @param folder the trial's folder
 * @param completed whether {@code trial.json} says {@code completed}
 * @param json the whole document
 */
public record StoredTrial(Path folder, boolean completed, JsonNode json) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The trial in {@code folder}, if it has a readable {@code trial.json}. */
  public static Optional<StoredTrial> read(Path folder) {
    Path file = folder.resolve(TrialJson.FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode json = JSON.readTree(file.toFile());
      return Optional.of(new StoredTrial(folder, "completed".equals(json.path("status").asText()), json));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The run phase's figures per operation: its judged window's when the run was steady (as the
   * reports' figures are), else the whole measured window's.
   */
  private JsonNode runOperations() {
    JsonNode run = json.path("phases").path("run");
    JsonNode judged = run.path("judged").path("summary");
    return (judged.isObject() ? judged : run.path("summary")).path("operations");
  }

  /**
   * The run phase's clients' CPU microseconds per operation over the window of its figures
   * ({@code clientCost}); empty when not recorded.
   */
  public java.util.OptionalDouble clientMicrosPerOp() {
    JsonNode v = json.path("phases").path("run").path("clientCost").path("microsPerOperation");
    return v.isNumber() ? java.util.OptionalDouble.of(v.asDouble())
        : java.util.OptionalDouble.empty();
  }

  /** Run-phase throughput over all operations, ops/s. */
  public double throughput() {
    double sum = 0;
    for (JsonNode op : runOperations()) {
      sum += op.path("throughput").asDouble();
    }
    return sum;
  }

  /**
   * Whether the run phase was steady: empty when the trial has no run phase, or no judgement of
   * it (results written before steadiness was recorded).
   */
  public Optional<Boolean> steady() {
    JsonNode s = json.path("phases").path("run").path("steadyState").path("reached");
    return s.isBoolean() ? Optional.of(s.asBoolean()) : Optional.empty();
  }

  /** {@code 1505 ops/s, steady} or {@code 623 ops/s, NOT steady in 60 s}, for progress lines. */
  public String describe() {
    String ops = String.format(java.util.Locale.ROOT, "%.0f ops/s", throughput());
    JsonNode s = json.path("phases").path("run").path("steadyState");
    if (!s.path("reached").isBoolean()) {
      return ops;
    }
    return ops + (s.path("reached").asBoolean() ? ", steady"
        : String.format(java.util.Locale.ROOT, ", NOT steady in %.0f s measured",
            s.path("measuredSeconds").asDouble()));
  }

  /**
   * One operation type's figures of the run phase.
   *
   * @param operations how many ended, whatever their status
   * @param errors how many ended with a status other than {@code OK} or {@code BATCHED_OK}
   * @param p50Ms median service time, ms
   * @param p99Ms 99th percentile service time, ms
   */
  public record OperationFigures(long operations, long errors, double p50Ms, double p99Ms) {
  }

  /** The run phase's figures per operation type, in the order stored. */
  public java.util.Map<String, OperationFigures> operations() {
    java.util.Map<String, OperationFigures> out = new java.util.LinkedHashMap<>();
    runOperations().fields().forEachRemaining(e -> {
      long all = 0;
      long ok = 0;
      for (var c = e.getValue().path("counts").fields(); c.hasNext(); ) {
        var count = c.next();
        all += count.getValue().asLong();
        if (count.getKey().equals("OK") || count.getKey().equals("BATCHED_OK")) {
          ok += count.getValue().asLong();
        }
      }
      JsonNode service = e.getValue().path("serviceTime");
      out.put(e.getKey(), new OperationFigures(all, all - ok,
          service.path("p50").asDouble(Double.NaN) / 1000.0,
          service.path("p99").asDouble(Double.NaN) / 1000.0));
    });
    return out;
  }

  /** The stored failures, first line of each. */
  public java.util.List<String> failures() {
    java.util.List<String> out = new java.util.ArrayList<>();
    json.path("failures").forEach(f -> out.add(f.asText().lines().findFirst().orElse("")));
    return out;
  }

  /**
   * A latency figure of the run phase in milliseconds, e.g. {@code ("UPDATE", "p99", "response")};
   * asking for response time of a trial without a target (which has none) gives its service time,
   * which is then the same thing.
   */
  public Optional<Double> latencyMs(String operation, String metric, String kind) {
    JsonNode op = runOperations().path(operation);
    JsonNode latency = kind.equals("response") && op.has("responseTime") ? op.path("responseTime")
        : op.path("serviceTime");
    return latency.has(metric) ? Optional.of(latency.get(metric).asDouble() / 1000.0) : Optional.empty();
  }
}
