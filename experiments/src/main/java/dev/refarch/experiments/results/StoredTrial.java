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

  private JsonNode runOperations() {
    return json.path("phases").path("run").path("summary").path("operations");
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
