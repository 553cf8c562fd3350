package dev.refarch.experiments.trial;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A running phase's client figures, read from the clients' HDR interval logs while they write
 * them ({@link LiveLog}): per operation type, the most recent measured interval of each client,
 * added together — operations per second and service-time percentiles, as a live dashboard shows
 * them. Warm-up intervals are left out, as the summaries leave them out. The figures are the
 * clients' latest interval, not the trial's: the report's come from the merged logs afterwards.
 *
 * <p>Not thread-safe; one poller.
 */
public final class LiveClientFigures {

  /**
   * One operation type's latest interval over all clients.
   *
   * @param operationsPerSecond its measured operations over the interval's length
   * @param p50Ms median service time, milliseconds
   * @param p95Ms 95th percentile
   * @param p99Ms 99th percentile
   * @param maxMs the slowest
   */
  public record Figures(double operationsPerSecond, double p50Ms, double p95Ms, double p99Ms,
      double maxMs) {
  }

  private final List<LiveLog> logs = new ArrayList<>();
  private final int intervalMs;

  /**
   * For clients writing into {@code clientDirs} (each with {@code measurements/latency.hlog}).
   *
   * @param intervalMs the clients' histogram interval ({@code measurement.histogramInterval})
   */
  public LiveClientFigures(List<Path> clientDirs, int intervalMs) {
    this.intervalMs = intervalMs;
    clientDirs.forEach(d -> logs.add(new LiveLog(d.resolve("measurements").resolve("latency.hlog"),
        intervalMs)));
  }

  /** Reads what the clients completed since the last call, and gives the figures now. */
  public Map<String, Figures> poll() {
    Map<String, Histogram> merged = new TreeMap<>();
    for (LiveLog log : logs) {
      try {
        log.poll();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      log.latestIntervals().forEach((op, h) -> merged.computeIfAbsent(op,
          o -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h));
    }
    Map<String, Figures> figures = new TreeMap<>();
    merged.forEach((op, h) -> figures.put(op, new Figures(h.getTotalCount() * 1000.0 / intervalMs,
        h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(95) / 1e6,
        h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6)));
    return figures;
  }
}
