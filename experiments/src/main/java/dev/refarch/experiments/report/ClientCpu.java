package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.experiments.results.ResultsFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The clients' CPU as a share of the machine's cores, for the client-bound check of a verdict:
 * over the measured window when every client of the phase left a CPU timeline covering it
 * ({@code clients/<name>/cpu-timeline.csv}, written by {@code ClientMain} every second), else
 * over the whole phase. The difference matters on a small machine: a client JVM's start-up and
 * compilation fall before and early in the run (a third or more of a 25 s trial's client CPU
 * here), and counted over the phase they made clients that left the server most of the cores
 * in the measured window look client-bound.
 *
 * <p>Stateless and thread-safe.
 */
final class ClientCpu {

  /** One sample: wall clock and the JVM's CPU seconds so far. */
  record Sample(long epochMs, double cpuSeconds) {
  }

  private ClientCpu() {
  }

  /**
   * The share over the measured window of {@code phase} (a trial.json phase node), from the
   * client folders under {@code trialDir}; else over the phase from the clients' CPU at exit.
   */
  static OptionalDouble share(JsonNode phase, Path trialDir, int cores) {
    if (cores <= 0) {
      return OptionalDouble.empty();
    }
    OptionalDouble window = windowShare(phase, trialDir, cores);
    if (window.isPresent()) {
      return window;
    }
    double wall = (phase.path("endedEpochMs").asLong() - phase.path("startedEpochMs").asLong())
        / 1000.0;
    double cpu = 0;
    for (JsonNode c : phase.path("clients")) {
      cpu += c.path("cpuSeconds").asDouble(0);
    }
    return wall > 0 && phase.path("startedEpochMs").asLong() > 0
        ? OptionalDouble.of(cpu / (wall * cores)) : OptionalDouble.empty();
  }

  private static OptionalDouble windowShare(JsonNode phase, Path trialDir, int cores) {
    JsonNode summary = phase.path("summary");
    long from = summary.path("measuredFromEpochMs").asLong(0);
    long to = summary.path("endEpochMs").asLong(0);
    if (trialDir == null || from <= 0 || to <= from || phase.path("clients").isEmpty()) {
      return OptionalDouble.empty();
    }
    double cpu = 0;
    for (JsonNode c : phase.path("clients")) {
      Path file = trialDir.resolve("clients").resolve(c.path("name").asText())
          .resolve(ResultsFolder.CPU_TIMELINE);
      OptionalDouble used = between(read(file), from, to);
      if (used.isEmpty()) {
        return OptionalDouble.empty();
      }
      cpu += used.getAsDouble();
    }
    return OptionalDouble.of(cpu / ((to - from) / 1000.0 * cores));
  }

  /**
   * CPU seconds used between {@code from} and {@code to}, interpolating linearly between the
   * samples around each end; empty unless the samples cover both ends.
   */
  static OptionalDouble between(List<Sample> samples, long from, long to) {
    if (samples.size() < 2 || samples.get(0).epochMs() > from
        || samples.get(samples.size() - 1).epochMs() < to) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(at(samples, to) - at(samples, from));
  }

  private static double at(List<Sample> samples, long t) {
    for (int i = 1; i < samples.size(); i++) {
      Sample a = samples.get(i - 1);
      Sample b = samples.get(i);
      if (b.epochMs() >= t) {
        return b.epochMs() == a.epochMs() ? b.cpuSeconds() : a.cpuSeconds()
            + (b.cpuSeconds() - a.cpuSeconds()) * (t - a.epochMs()) / (b.epochMs() - a.epochMs());
      }
    }
    return samples.get(samples.size() - 1).cpuSeconds();
  }

  /** The samples of {@code file}, in time order; none when it is missing. */
  static List<Sample> read(Path file) {
    List<Sample> samples = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return samples;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] parts = line.split(",");
        if (parts.length != 2 || !Character.isDigit(line.charAt(0))) {
          continue; // the header, or a line cut short by a client killed while writing
        }
        try {
          samples.add(new Sample(Long.parseLong(parts[0].trim()),
              Double.parseDouble(parts[1].trim())));
        } catch (NumberFormatException cutShort) {
          continue;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    samples.sort(java.util.Comparator.comparingLong(Sample::epochMs));
    return samples;
  }
}
