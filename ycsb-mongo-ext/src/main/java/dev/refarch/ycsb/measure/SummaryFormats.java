package dev.refarch.ycsb.measure;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Writes a {@link Summary} as one JSON document and as CSV. Output is byte-for-byte the same in
 * every default locale: numbers are written with a dot and three decimals, keys in a fixed order.
 *
 * <p>Stateless and thread-safe.
 */
public final class SummaryFormats {

  /** Unit of every latency figure in both formats. */
  public static final String LATENCY_UNIT = "us";

  private static final JsonFactory JSON = JsonFactory.builder()
      .enable(com.fasterxml.jackson.core.StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

  private SummaryFormats() {
  }

  /** The summary as one pretty-printed JSON document. */
  public static String json(Summary summary) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
      g.writeStartObject();
      writeFields(g, summary);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString() + "\n";
  }

  /**
   * Writes the summary's fields into an object the caller has opened, so that a larger document
   * (a trial's {@code trial.json}) can embed them.
   */
  public static void writeFields(JsonGenerator g, Summary summary) throws IOException {
    g.writeStringField("format", Summary.FORMAT);
    g.writeStringField("latencyUnit", LATENCY_UNIT);
    g.writeNumberField("startEpochMs", summary.startEpochMs());
    g.writeNumberField("measuredFromEpochMs", summary.measuredFromEpochMs());
    g.writeNumberField("endEpochMs", summary.endEpochMs());
    g.writeFieldName("measuredSeconds");
    g.writeNumber(decimal(summary.measuredSeconds()));
    g.writeStringField("warmup", summary.warmup().toString());
    g.writeNumberField("warmupOperations", summary.warmupOperations());
    g.writeArrayFieldStart("notes");
    for (String note : summary.notes()) {
      g.writeString(note);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("operations");
    for (OperationSummary op : summary.operations()) {
      g.writeObjectFieldStart(op.operation());
      g.writeObjectFieldStart("counts");
      for (Map.Entry<String, Long> c : op.counts().entrySet()) {
        g.writeNumberField(c.getKey(), c.getValue());
      }
      g.writeEndObject();
      g.writeFieldName("throughput");
      g.writeNumber(decimal(op.throughput()));
      writeLatency(g, LatencyKind.SERVICE, op.serviceTime());
      if (op.responseTime().isPresent()) {
        writeLatency(g, LatencyKind.RESPONSE, op.responseTime().get());
      }
      if (!op.metrics().isEmpty()) {
        g.writeObjectFieldStart("metrics");
        for (Map.Entry<String, MetricStats> m : op.metrics().entrySet()) {
          writeMetric(g, m.getKey(), m.getValue());
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void writeLatency(JsonGenerator g, LatencyKind kind, LatencyStats stats)
      throws IOException {
    writeFigures(g, kind.label() + "Time", stats, null);
  }

  private static void writeMetric(JsonGenerator g, String unit, MetricStats stats)
      throws IOException {
    writeFigures(g, unit, stats, stats.sum());
  }

  /** {@code name: {count, [sum,] mean, p50 … max}}, three decimals. */
  private static void writeFigures(JsonGenerator g, String name, DistributionFigures stats,
      Long sum) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeNumberField("count", stats.count());
    if (sum != null) {
      g.writeNumberField("sum", sum);
    }
    for (Map.Entry<String, Double> f : stats.figures().entrySet()) {
      g.writeFieldName(f.getKey());
      g.writeNumber(decimal(f.getValue()));
    }
    g.writeEndObject();
  }

  private static BigDecimal decimal(double value) {
    return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP);
  }

  /**
   * The summary as CSV: a header, then one row per operation and latency kind; status counts
   * follow in one column per status seen. An operation with per-operation quantities
   * ({@link Metric}) gets one more row per quantity, whose {@code latency} column names the unit
   * ({@code documents}, {@code bytes}): in those rows {@code operations} is how many operations
   * the quantity was recorded for and the figure columns hold that unit, not microseconds.
   */
  public static String csv(Summary summary) {
    TreeSet<String> statuses = new TreeSet<>();
    summary.operations().forEach(o -> statuses.addAll(o.counts().keySet()));
    StringBuilder out = new StringBuilder("operation,latency,operations,throughput_ops_s");
    for (String label : new String[] {"mean", "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max"}) {
      out.append(',').append(label).append('_').append(LATENCY_UNIT);
    }
    statuses.forEach(s -> out.append(',').append(s));
    out.append('\n');
    for (OperationSummary op : summary.operations()) {
      row(out, op, LatencyKind.SERVICE, op.serviceTime(), statuses);
      op.responseTime().ifPresent(r -> row(out, op, LatencyKind.RESPONSE, r, statuses));
      op.metrics().forEach((unit, stats) -> metricRow(out, op, unit, stats, statuses));
    }
    return out.toString();
  }

  private static void metricRow(StringBuilder out, OperationSummary op, String unit,
      MetricStats stats, TreeSet<String> statuses) {
    row(out, op, unit, stats.count(), stats, statuses);
  }

  private static void row(StringBuilder out, OperationSummary op, LatencyKind kind,
      LatencyStats stats, TreeSet<String> statuses) {
    row(out, op, kind.label(), op.total(), stats, statuses);
  }

  private static void row(StringBuilder out, OperationSummary op, String latency, long operations,
      DistributionFigures stats, TreeSet<String> statuses) {
    out.append(op.operation()).append(',').append(latency).append(',').append(operations)
        .append(',').append(format(op.throughput()));
    stats.figures().values().forEach(v -> out.append(',').append(format(v)));
    statuses.forEach(s -> out.append(',').append(Optional.ofNullable(op.counts().get(s)).orElse(0L)));
    out.append('\n');
  }

  private static String format(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
