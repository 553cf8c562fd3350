package dev.refarch.experiments.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A trial's {@value #FILE}: one tidy row per sample — {@value #HEADER} — on the clock of the
 * clients' timelines (epoch milliseconds), as the runner's telemetry sources gave them. A value
 * is a rate where its unit says so ({@code /s}, {@code bytes/s}); the sources turned counters
 * into rates before writing.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * List<TelemetryFile.Row> rows = TelemetryFile.read(trialDir.resolve(TelemetryFile.FILE));
 * List<TrialTelemetry.Figure> run = TelemetryFile.summarize(rows, runStart, runEnd);
 * }</pre>
 */
public final class TelemetryFile {

  public static final String FILE = "telemetry.csv";

  public static final String HEADER = "epoch_ms,source,member,metric,unit,value";

  /** One sample. */
  public record Row(long epochMs, String source, String member, String metric, String unit,
      double value) {

    /** The series it belongs to: {@code source/member/metric}. */
    public String series() {
      return source + "/" + member + "/" + metric;
    }
  }

  private TelemetryFile() {
  }

  /** The line of one sample, newline included; a cell holding a comma or quote is quoted. */
  public static String line(long epochMs, String source, String member, String metric,
      String unit, double value) {
    return epochMs + "," + cell(source) + "," + cell(member) + "," + cell(metric) + ","
        + cell(unit) + "," + String.format(Locale.ROOT, "%.6g", value) + "\n";
  }

  private static String cell(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  /** The rows of {@code file}, in file order; empty when there is no such file. */
  public static List<Row> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException none) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> c = cells(lines.get(i));
      if (c.size() != 6) {
        continue; // a line cut short when the runner was killed mid-write
      }
      try {
        rows.add(new Row(Long.parseLong(c.get(0)), c.get(1), c.get(2), c.get(3), c.get(4),
            Double.parseDouble(c.get(5))));
      } catch (NumberFormatException cut) {
        // the same: a last line written only in part
      }
    }
    return rows;
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          cell.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(ch);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  /**
   * Mean, 95th percentile (nearest rank) and maximum of each series over [{@code fromEpochMs},
   * {@code toEpochMs}), in the order the series first appear.
   */
  public static List<TrialTelemetry.Figure> summarize(List<Row> rows, long fromEpochMs,
      long toEpochMs) {
    Map<String, List<Row>> bySeries = new LinkedHashMap<>();
    for (Row r : rows) {
      if (r.epochMs() >= fromEpochMs && r.epochMs() < toEpochMs) {
        bySeries.computeIfAbsent(r.series(), s -> new ArrayList<>()).add(r);
      }
    }
    List<TrialTelemetry.Figure> figures = new ArrayList<>();
    for (List<Row> series : bySeries.values()) {
      double[] v = series.stream().mapToDouble(Row::value).sorted().toArray();
      Row first = series.get(0);
      int rank = (int) Math.ceil(0.95 * v.length) - 1;
      figures.add(new TrialTelemetry.Figure(first.source(), first.member(), first.metric(),
          first.unit(), Arrays.stream(v).average().orElseThrow(), v[Math.max(0, rank)],
          v[v.length - 1], v.length));
    }
    return figures;
  }
}
