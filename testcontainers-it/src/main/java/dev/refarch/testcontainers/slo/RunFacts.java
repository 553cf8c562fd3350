package dev.refarch.testcontainers.slo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.results.TrialJson;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.OperationSummary;
import dev.refarch.ycsb.measure.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The facts about a trial's run phase that every SLO message starts with: which trial, its target
 * throughput (read back from its {@code trial.json}, as reports do), what it achieved, and how it
 * failed if it did.
 *
 * <p>Stateless and thread-safe.
 */
final class RunFacts {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunFacts() {
  }

  /** {@code trial slo/workload-a (results/slo/workload-a)}. */
  static String trial(TrialResult r) {
    return "trial " + r.experiment() + "/" + r.trial()
        + (r.folder() == null ? "" : " (" + r.folder() + ")");
  }

  /** {@code run phase: target 200 ops/s, achieved 199.8 ops/s over 10.0 s measured}. */
  static String run(TrialResult r) {
    Optional<Summary> s = r.summary(Phase.RUN);
    String target = target(r).map(t -> "target " + t + " ops/s").orElse("no target (unthrottled)");
    if (s.isEmpty()) {
      return "run phase: " + target + ", no measurements";
    }
    return String.format(Locale.ROOT, "run phase: %s, achieved %.1f ops/s over %.1f s measured",
        target, throughput(s.get()), s.get().measuredSeconds());
  }

  /** Operations per second of every operation type together, over the measured window. */
  static double throughput(Summary s) {
    return s.operations().stream().mapToDouble(OperationSummary::throughput).sum();
  }

  /** The trial's total target throughput, when it had one and its {@code trial.json} says so. */
  static Optional<String> target(TrialResult r) {
    if (r.folder() == null) {
      return Optional.empty();
    }
    Path json = r.folder().resolve(TrialJson.FILE);
    try {
      if (!Files.isRegularFile(json)) {
        return Optional.empty();
      }
      JsonNode target = JSON.readTree(json.toFile()).path("parameters").path("target");
      String t = target.asText("none");
      if (t.isBlank() || t.equals("none")) {
        return Optional.empty();
      }
      double v = Double.parseDouble(t);
      return Optional.of(v == Math.rint(v) ? String.valueOf((long) v) : t);
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The operation types that ran, for messages about one that did not. */
  static String operations(Summary s) {
    return s.operations().isEmpty() ? "none" : String.join(", ",
        s.operations().stream().map(OperationSummary::operation).toList());
  }
}
