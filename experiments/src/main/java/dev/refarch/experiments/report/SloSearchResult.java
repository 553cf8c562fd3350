package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One point's SLO search as its {@code slo-<trial>.json} records it: every probe, the bracket the
 * search ended with, and the highest throughput that met the objective or why there is none.
 * Immutable.
 *
 * @param trial the planned trial the search stands for
 * @param probes in the order they ran
 * @param lowOpsPerSecond the bracket's lower end
 * @param highOpsPerSecond its upper end
 * @param answerOpsPerSecond the answer, if the search found one
 * @param why how the answer was found, or why there is none
 */
public record SloSearchResult(String trial, List<Probe> probes, double lowOpsPerSecond,
    double highOpsPerSecond, OptionalDouble answerOpsPerSecond, String why) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public SloSearchResult {
    probes = List.copyOf(probes);
  }

  /**
   * One probe.
   *
   * @param step 0 for the unthrottled probe, then 1, 2, …
   * @param trial its folder
   * @param targetOpsPerSecond the target it ran at; empty for the unthrottled probe
   * @param throughput what it measured, ops/s
   * @param latencyMs the latency the objective judges, when measured
   * @param met whether it met the objective
   * @param steady whether its run was steady, when recorded
   */
  public record Probe(int step, String trial, OptionalDouble targetOpsPerSecond, double throughput,
      OptionalDouble latencyMs, boolean met, Optional<Boolean> steady) {
  }

  /** The search of {@code trial} in {@code experimentDir}, if it wrote one. */
  static Optional<SloSearchResult> read(Path experimentDir, String trial) {
    Path file = experimentDir.resolve("slo-" + trial + ".json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(file.toFile());
      List<Probe> probes = new ArrayList<>();
      for (JsonNode p : root.path("probes")) {
        probes.add(new Probe(p.path("step").asInt(), p.path("trial").asText(),
            number(p.path("targetOpsPerSecond")), p.path("throughput").asDouble(),
            number(p.path("latencyMs")), p.path("met").asBoolean(),
            p.path("steady").isBoolean() ? Optional.of(p.path("steady").asBoolean()) : Optional.empty()));
      }
      return Optional.of(new SloSearchResult(trial, probes,
          root.path("bracket").path("lowOpsPerSecond").asDouble(),
          root.path("bracket").path("highOpsPerSecond").asDouble(),
          number(root.path("answerOpsPerSecond")), root.path("why").asText("")));
    } catch (IOException e) {
      throw new ReportException(file, "cannot read the SLO search: " + e.getMessage(), e);
    }
  }

  private static OptionalDouble number(JsonNode n) {
    return n.isNumber() ? OptionalDouble.of(n.asDouble()) : OptionalDouble.empty();
  }
}
