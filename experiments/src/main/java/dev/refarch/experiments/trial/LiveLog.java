package dev.refarch.experiments.trial;

import dev.refarch.ycsb.measure.MeasuringMark;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One client's HDR interval log read while the client still writes it: each {@link #poll} reads
 * the lines completed since the last one and counts the measured operations (the
 * {@code <OPERATION>.service} histograms, warm-up excluded) per interval slot. A line still being
 * written is left for the next poll.
 *
 * <p>Not thread-safe; one poller.
 */
final class LiveLog {

  private final Path file;
  private final int intervalMs;
  private final StringBuilder header = new StringBuilder();
  private final TreeMap<Long, Long> measured = new TreeMap<>();
  private final java.util.Map<String, org.HdrHistogram.Histogram> latest = new java.util.TreeMap<>();
  private long offset;
  private long firstSlot = Long.MAX_VALUE;
  private long lastWarmupSlot = Long.MIN_VALUE;
  private java.util.OptionalLong markedFrom = java.util.OptionalLong.empty();

  LiveLog(Path file, int intervalMs) {
    this.file = file;
    this.intervalMs = intervalMs;
  }

  /** Reads what the client completed since the last poll, and its measuring mark once set. */
  void poll() throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    String fresh = completeLinesFromOffset();
    StringBuilder data = new StringBuilder();
    for (String line : fresh.split("\n", -1)) {
      if (line.startsWith("#") || line.startsWith("\"")) {
        header.append(line).append('\n');
      } else if (!line.isBlank()) {
        data.append(line).append('\n');
      }
    }
    if (data.length() == 0) {
      return;
    }
    HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(
        (header.toString() + data).getBytes(StandardCharsets.UTF_8)));
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      long slot = Math.floorDiv(h.getStartTimeStamp(), intervalMs) * (long) intervalMs;
      firstSlot = Math.min(firstSlot, slot);
      String tag = String.valueOf(h.getTag());
      if (tag.endsWith(".warmup")) {
        lastWarmupSlot = Math.max(lastWarmupSlot, slot);
      } else if (tag.endsWith(".service")) {
        org.HdrHistogram.Histogram histogram = (org.HdrHistogram.Histogram) h;
        measured.merge(slot, histogram.getTotalCount(), Long::sum);
        latest.put(tag.substring(0, tag.length() - ".service".length()), histogram);
      }
    }
    // read after the lines: a measured line means the client had set its mark before writing it
    if (markedFrom.isEmpty() && !measured.isEmpty()) {
      markedFrom = MeasuringMark.measuredFrom(file.getParent());
    }
  }

  private String completeLinesFromOffset() throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
      long length = f.length();
      if (length <= offset) {
        return "";
      }
      byte[] bytes = new byte[(int) (length - offset)];
      f.seek(offset);
      f.readFully(bytes);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      offset += end;
      return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
  }

  /**
   * The first slot this client measured whole: after its first (partial) interval, and from the
   * first slot boundary at or after the start of its measured window as its
   * {@link MeasuringMark} gives it — where the merged figures will count from. (A client whose
   * mark holds no time: after the slot of its last warm-up interval, which can be a slot early,
   * as an interval's warm-up and measured histograms share its start.) Empty until it has
   * written one such slot.
   */
  java.util.OptionalLong measuredFrom() {
    if (measured.isEmpty()) {
      return java.util.OptionalLong.empty();
    }
    long from = markedFrom.isPresent()
        ? Math.max(firstSlot + intervalMs, Math.floorDiv(markedFrom.getAsLong() + intervalMs - 1,
            intervalMs) * (long) intervalMs)
        : Math.max(firstSlot, lastWarmupSlot) + intervalMs;
    return measured.lastKey() >= from ? java.util.OptionalLong.of(from)
        : java.util.OptionalLong.empty();
  }

  /**
   * Each operation's most recent measured interval histogram (service time, nanoseconds), e.g.
   * for live percentiles; empty for an operation still in its warm-up.
   */
  java.util.Map<String, org.HdrHistogram.Histogram> latestIntervals() {
    return java.util.Collections.unmodifiableMap(latest);
  }

  /** Measured operations per slot so far. */
  SortedMap<Long, Long> measured() {
    return java.util.Collections.unmodifiableSortedMap(measured);
  }
}
