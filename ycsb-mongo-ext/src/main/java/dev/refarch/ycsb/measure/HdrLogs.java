package dev.refarch.ycsb.measure;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads HDR interval logs written by this library (or anything in HdrHistogram's log format) back
 * into histograms, with absolute epoch-millisecond timestamps.
 *
 * <p>Stateless and thread-safe.
 */
public final class HdrLogs {

  private HdrLogs() {
  }

  /** Every interval histogram in the log, in file order, timestamps made absolute. */
  public static List<Histogram> intervals(Path log) {
    List<Histogram> out = new ArrayList<>();
    try {
      HistogramLogReader reader = new HistogramLogReader(log.toFile());
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        Histogram histogram = (Histogram) h;
        // the reader already adds the log's StartTime to relative timestamps
        out.add(histogram);
      }
    } catch (FileNotFoundException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The union of all intervals per tag. */
  public static Map<String, Histogram> totalsByTag(Path log) {
    Map<String, Histogram> totals = new TreeMap<>();
    for (Histogram h : intervals(log)) {
      totals.computeIfAbsent(String.valueOf(h.getTag()), t -> {
        Histogram empty = new Histogram(3);
        empty.setTag(t);
        return empty;
      }).add(h);
    }
    return totals;
  }

  /** The tag of one operation's latency of one kind, measured (not warm-up) part. */
  public static String tag(String operation, LatencyKind kind) {
    return operation + "." + kind.label();
  }
}
