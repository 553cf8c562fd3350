package dev.refarch.experiments.results;

import dev.refarch.ycsb.measure.HdrLogs;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the clients' interval histograms as one HDR log, as if one client had done all the work:
 * histograms of the same tag in the same interval slot are added. A histogram's slot is the
 * interval boundary at or before its start — clients write on boundaries, so every interval but a
 * client's first starts a few milliseconds after one, and the first (which starts whenever the
 * client did) lands in the slot it started in, never in the next one.
 *
 * <p>Stateless and thread-safe.
 */
public final class MergedLog {

  private MergedLog() {
  }

  /** Merges the logs of {@code clients} slot by slot into {@code out}. */
  public static void write(List<ClientOutput> clients, int intervalMs, Path out) {
    TreeMap<Long, TreeMap<String, Histogram>> slots = new TreeMap<>();
    for (ClientOutput c : clients) {
      for (Histogram h : HdrLogs.intervals(c.hdrLog())) {
        long slot = PhaseMerge.slot(h, intervalMs);
        Histogram merged = slots.computeIfAbsent(slot, s -> new TreeMap<>())
            .computeIfAbsent(String.valueOf(h.getTag()), t -> {
              Histogram empty = new Histogram(3);
              empty.setTag(t);
              return empty;
            });
        merged.add(h);
        // add() widens the time range to the added histogram's; keep the slot's
        merged.setStartTimeStamp(slot);
        merged.setEndTimeStamp(slot + intervalMs);
      }
    }
    try (PrintStream stream = new PrintStream(out.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(stream);
      writer.outputComment("ycsb-mongo-refarch: " + clients.size()
          + " clients merged by histogram union; values are nanoseconds");
      writer.outputLogFormatVersion();
      long base = slots.isEmpty() ? 0 : slots.firstKey();
      writer.outputStartTime(base);
      writer.setBaseTime(base);
      writer.outputLegend();
      for (TreeMap<String, Histogram> byTag : slots.values()) {
        for (Histogram h : byTag.values()) {
          writer.outputIntervalHistogram(h);
        }
      }
    } catch (FileNotFoundException e) {
      throw new UncheckedIOException(e);
    }
  }
}
