package dev.refarch.experiments.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * One cumulative counter sampled over time — CPU seconds, run-queue delay — and its increase
 * over any window, interpolated linearly between the samples around each end. The trial's CPU
 * files hold several such counters as the columns of a CSV file ({@link #read}): a header naming
 * them, {@code epoch_ms} first, then one line per sample.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * CounterSeries cpu = CounterSeries.read(file).getOrDefault("cpu_seconds", CounterSeries.NONE);
 * OptionalDouble used = cpu.increase(fromEpochMs, toEpochMs);
 * }</pre>
 *
 * @param points the samples, in time order
 */
public record CounterSeries(List<Point> points) {

  /** A counter nobody sampled. */
  public static final CounterSeries NONE = new CounterSeries(List.of());

  /** One sample: wall clock and the counter's value then. */
  public record Point(long epochMs, double value) {
  }

  public CounterSeries {
    List<Point> sorted = new ArrayList<>(points);
    sorted.sort(Comparator.comparingLong(Point::epochMs));
    points = List.copyOf(sorted);
  }

  /**
   * How much the counter grew from {@code from} to {@code to} (epoch milliseconds); empty unless
   * samples cover both ends.
   */
  public OptionalDouble increase(long from, long to) {
    if (points.size() < 2 || points.get(0).epochMs() > from
        || points.get(points.size() - 1).epochMs() < to) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(at(to) - at(from));
  }

  private double at(long t) {
    for (int i = 1; i < points.size(); i++) {
      Point a = points.get(i - 1);
      Point b = points.get(i);
      if (b.epochMs() >= t) {
        return b.epochMs() == a.epochMs() ? b.value() : a.value()
            + (b.value() - a.value()) * (t - a.epochMs()) / (b.epochMs() - a.epochMs());
      }
    }
    return points.get(points.size() - 1).value();
  }

  /**
   * The columns of {@code file} by their header names, {@code epoch_ms} left out; none when the
   * file is missing. A line with another number of cells than the header is skipped (a writer
   * killed mid-line leaves it short), as is a cell that is empty (the writer had no value) or no
   * number.
   */
  public static Map<String, CounterSeries> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return Map.of();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (lines.isEmpty() || lines.get(0).isEmpty() || Character.isDigit(lines.get(0).charAt(0))) {
      return Map.of();
    }
    String[] names = lines.get(0).split(",", -1);
    List<List<Point>> columns = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      columns.add(new ArrayList<>());
    }
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (cells.length != names.length || line.isEmpty() || !Character.isDigit(line.charAt(0))) {
        continue;
      }
      long epochMs;
      try {
        epochMs = Long.parseLong(cells[0].trim());
      } catch (NumberFormatException cutShort) {
        continue;
      }
      for (int i = 1; i < cells.length; i++) {
        try {
          if (!cells[i].isBlank()) {
            columns.get(i).add(new Point(epochMs, Double.parseDouble(cells[i].trim())));
          }
        } catch (NumberFormatException cutShort) {
          // a value is missing at this instant; the others stand
        }
      }
    }
    Map<String, CounterSeries> byName = new LinkedHashMap<>();
    for (int i = 1; i < names.length; i++) {
      byName.put(names[i].trim(), new CounterSeries(columns.get(i)));
    }
    return byName;
  }

  /** The column {@code name} of {@code file}; {@link #NONE} when the file or column is missing. */
  public static CounterSeries column(Path file, String name) {
    return read(file).getOrDefault(name, NONE);
  }
}
