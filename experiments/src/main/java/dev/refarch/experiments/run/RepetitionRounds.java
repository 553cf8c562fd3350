package dev.refarch.experiments.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Point;
import dev.refarch.experiments.report.ReferenceCheck;
import dev.refarch.experiments.report.Verdict;
import dev.refarch.experiments.spec.ExperimentSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The decisions of {@code repetitions: {min, max[, budget]}}: after each round, which points get
 * another repetition — those an inconclusive verdict rests on (the reference's point and, in the
 * same experiment, its baseline) — read from the results folder by the report's own verdicts, and
 * why the rounds stopped. Recorded in {@value #FILE} beside {@code plan.json}, so a report says
 * how many repetitions each point got and why.
 *
 * <p>Not thread-safe; one per experiment run.
 */
final class RepetitionRounds {

  /** The record of the rounds, in the experiment's folder. */
  static final String FILE = "repetitions.json";
  static final String FORMAT = "ycsb-mongo-refarch/repetitions/1";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private final Path folder;
  private final ObjectNode record = JSON.createObjectNode();
  private final ArrayNode rounds;

  RepetitionRounds(ExperimentSpec spec, Path folder) {
    this.folder = folder;
    record.put("format", FORMAT);
    record.put("min", spec.autoRepetitions().orElseThrow().min());
    record.put("max", spec.repetitions());
    spec.autoRepetitions().get().budget().ifPresent(b -> record.put("budgetSeconds",
        b.toSeconds()));
    rounds = record.putArray("rounds");
  }

  /** What another round would decide: the points to repeat, each with the verdicts that ask. */
  record Need(Map<Map<String, String>, List<String>> points) {
    boolean isEmpty() {
      return points.isEmpty();
    }

    Set<Map<String, String>> parameters() {
      return points.keySet();
    }
  }

  /** The points an inconclusive verdict of the experiment in {@link #folder} rests on. */
  Need need() {
    ExperimentResults results = ExperimentResults.load(folder);
    Map<Map<String, String>, List<String>> points = new LinkedHashMap<>();
    for (ReferenceCheck c : ReferenceCheck.all(results, ExperimentResults.siblings(folder))) {
      if (c.verdict().kind() != Verdict.Kind.INCONCLUSIVE) {
        continue;
      }
      String why = c.reference().metric().label() + " " + c.reference().operation() + " at "
          + label(c.reference().parameters()) + ": " + c.verdict().effect()
              .map(Object::toString).orElse("no interval");
      Set<Map<String, String>> at = new LinkedHashSet<>();
      results.point(c.reference().parameters()).map(Point::parameters).ifPresent(at::add);
      if (c.baselineExperiment().isEmpty()) {
        results.point(c.baselineParameters()).map(Point::parameters).ifPresent(at::add);
      }
      at.forEach(p -> points.computeIfAbsent(p, k -> new ArrayList<>()).add(why));
    }
    return new Need(points);
  }

  private static String label(Map<String, String> parameters) {
    return parameters.isEmpty() ? "(all)" : String.join(" ", parameters.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).toList());
  }

  /** Records that repetition {@code repetition} ran at the points {@code need} named. */
  void ran(int repetition, Need need) {
    ObjectNode round = rounds.addObject();
    round.put("repetition", repetition);
    ArrayNode points = round.putArray("points");
    need.points().forEach((p, why) -> {
      ObjectNode point = points.addObject();
      ObjectNode parameters = point.putObject("parameters");
      p.forEach(parameters::put);
      ArrayNode because = point.putArray("inconclusive");
      why.forEach(because::add);
    });
    write();
  }

  /** Records why no further round ran, and writes the record. */
  void stopped(String why) {
    record.put("stopped", why);
    write();
  }

  private void write() {
    try {
      Files.writeString(folder.resolve(FILE), JSON.writeValueAsString(record) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
