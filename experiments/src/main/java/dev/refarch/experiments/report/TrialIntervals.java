package dev.refarch.experiments.report;

import dev.refarch.experiments.stats.TrialSeries;
import dev.refarch.ycsb.measure.HdrLogs;
import dev.refarch.ycsb.measure.LatencyKind;
import java.lang.ref.SoftReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One trial's merged run log ({@code run.hlog}) as interval slots: per slot and operation type
 * the service-time histogram, from which the {@link TrialSeries} of any window and operation is
 * cut for a within-trial bootstrap.
 *
 * <p>Immutable once read; {@link #of} keeps the last few trials read (softly), since a report
 * asks for the same trial once per reference. Thread-safe.
 */
public final class TrialIntervals {

  private static final int CACHED = 64;
  private static final Map<Path, SoftReference<TrialIntervals>> CACHE =
      new LinkedHashMap<>(CACHED, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, SoftReference<TrialIntervals>> e) {
          return size() > CACHED;
        }
      };

  private final TreeMap<Long, Map<String, Histogram>> slots;
  private final long slotMs;

  private TrialIntervals(TreeMap<Long, Map<String, Histogram>> slots, long slotMs) {
    this.slots = slots;
    this.slotMs = slotMs;
  }

  /** The run log of the trial in {@code dir}; empty when it has none or it cannot be read. */
  public static Optional<TrialIntervals> of(Path dir) {
    Path log = dir.resolve(TrialReader.hlogName("run")).toAbsolutePath().normalize();
    synchronized (CACHE) {
      SoftReference<TrialIntervals> ref = CACHE.get(log);
      if (ref != null && ref.get() != null) {
        return Optional.of(ref.get());
      }
    }
    if (!Files.isRegularFile(log)) {
      return Optional.empty();
    }
    Optional<TrialIntervals> read = read(log);
    read.ifPresent(r -> {
      synchronized (CACHE) {
        CACHE.put(log, new SoftReference<>(r));
      }
    });
    return read;
  }

  private static Optional<TrialIntervals> read(Path log) {
    TreeMap<Long, Map<String, Histogram>> slots = new TreeMap<>();
    long slotMs = Long.MAX_VALUE;
    String suffix = "." + LatencyKind.SERVICE.label();
    try {
      for (Histogram h : HdrLogs.intervals(log)) {
        String tag = String.valueOf(h.getTag());
        if (!tag.endsWith(suffix)) {
          continue;
        }
        long length = h.getEndTimeStamp() - h.getStartTimeStamp();
        if (length > 0) {
          slotMs = Math.min(slotMs, length);
        }
        slots.computeIfAbsent(h.getStartTimeStamp(), s -> new TreeMap<>())
            .merge(tag.substring(0, tag.length() - suffix.length()), h, (a, b) -> {
              a.add(b);
              return a;
            });
      }
    } catch (RuntimeException unreadable) {
      return Optional.empty(); // the trial's figures stand; only their within-trial error is lost
    }
    return slots.isEmpty() || slotMs == Long.MAX_VALUE ? Optional.empty()
        : Optional.of(new TrialIntervals(slots, slotMs));
  }

  /**
   * The series of {@code operation} ({@link Quantity#OVERALL}: every operation together) over the
   * slots that start in [{@code from}, {@code to}); every slot of the window is present, an
   * empty histogram where nothing completed.
   */
  TrialSeries series(String operation, long from, long to) {
    List<Histogram> out = new ArrayList<>();
    long first = slots.ceilingKey(from) == null ? to : slots.ceilingKey(from);
    for (long t = first; t < to; t += slotMs) {
      Map<String, Histogram> bySlot = slots.getOrDefault(t, Map.of());
      Histogram h = new Histogram(3);
      bySlot.forEach((op, hist) -> {
        if (operation.equals(Quantity.OVERALL) || operation.equals(op)) {
          h.add(hist);
        }
      });
      out.add(h);
    }
    return new TrialSeries(out);
  }

  /** The length of an interval slot, milliseconds. */
  public long slotMs() {
    return slotMs;
  }

  /**
   * Per operation type, each slot's start (epoch ms) and its service time at {@code percentile}
   * (0-100) in milliseconds; slots where the operation completed nothing are left out.
   */
  public Map<String, TreeMap<Long, Double>> percentile(double percentile) {
    Map<String, TreeMap<Long, Double>> out = new TreeMap<>();
    slots.forEach((t, byOp) -> byOp.forEach((op, h) -> {
      if (h.getTotalCount() > 0) {
        out.computeIfAbsent(op, o -> new TreeMap<>())
            .put(t, h.getValueAtPercentile(percentile) / 1e6);
      }
    }));
    return out;
  }
}
