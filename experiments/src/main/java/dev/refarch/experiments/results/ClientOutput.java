package dev.refarch.experiments.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.measure.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one client wrote into its measurement folder, read back: the path of its HDR log, its
 * timeline, and from {@code summary.json} the post-warm-up counts and throughput per operation.
 *
 * @param dir the client's measurement folder
 * @param counts operation → status → count, after warm-up
 * @param throughput operation → operations per second over the client's measured window
 * @param startEpochMs the client's first operation
 * @param measuredFromEpochMs the end of the client's warm-up
 * @param endEpochMs the client's last operation
 * @param warmup the client's warm-up setting
 * @param warmupOperations operations the client left out as warm-up
 * @param notes the client's caveats
 * @param client facts from {@code client.json}
 */
public record ClientOutput(Path dir, Map<String, Map<String, Long>> counts,
    Map<String, Double> throughput, long startEpochMs, long measuredFromEpochMs, long endEpochMs,
    dev.refarch.ycsb.measure.Warmup warmup, long warmupOperations, java.util.List<String> notes,
    Map<String, String> client) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Whether {@code dir} holds a finished client's outputs. */
  public static boolean isComplete(Path dir) {
    return Files.isRegularFile(dir.resolve(MeasurementSession.SUMMARY_JSON));
  }

  /** Reads a finished client's outputs. */
  public static ClientOutput read(Path dir) {
    try {
      JsonNode s = JSON.readTree(dir.resolve(MeasurementSession.SUMMARY_JSON).toFile());
      Map<String, Map<String, Long>> counts = new TreeMap<>();
      Map<String, Double> throughput = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = s.get("operations").fields(); it.hasNext(); ) {
        var op = it.next();
        Map<String, Long> c = new TreeMap<>();
        op.getValue().get("counts").fields().forEachRemaining(e -> c.put(e.getKey(), e.getValue().asLong()));
        counts.put(op.getKey(), c);
        throughput.put(op.getKey(), op.getValue().get("throughput").asDouble());
      }
      java.util.List<String> notes = new java.util.ArrayList<>();
      s.get("notes").forEach(n -> notes.add(n.asText()));
      Map<String, String> client = new LinkedHashMap<>();
      Path clientJson = dir.resolve(MeasurementSession.CLIENT_JSON);
      if (Files.exists(clientJson)) {
        JSON.readTree(clientJson.toFile()).fields()
            .forEachRemaining(e -> client.put(e.getKey(), e.getValue().asText()));
      }
      return new ClientOutput(dir, counts, throughput, s.get("startEpochMs").asLong(),
          s.get("measuredFromEpochMs").asLong(), s.get("endEpochMs").asLong(),
          dev.refarch.ycsb.measure.Warmup.parse(s.get("warmup").asText()),
          s.get("warmupOperations").asLong(), notes, client);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the measurements in " + dir, e);
    }
  }

  public Path hdrLog() {
    return dir.resolve("latency.hlog");
  }

  public Timeline timeline(int resolutionMs) {
    try {
      return Timeline.readCsv(dir.resolve(MeasurementSession.TIMELINE), resolutionMs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
