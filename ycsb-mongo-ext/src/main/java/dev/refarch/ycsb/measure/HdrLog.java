package dev.refarch.ycsb.measure;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log in HdrHistogram's own format, readable by its
 * {@code HistogramLogProcessor} and {@code HistogramLogReader}. Values are nanoseconds; each
 * interval histogram is tagged {@code <OPERATION>.<service|response>[.warmup]}.
 *
 * <p>Not thread-safe: one writer thread owns it. Every interval is flushed, so the log of a client
 * that is killed keeps everything up to its last interval.
 */
final class HdrLog implements AutoCloseable {

  /** The log's file name inside a client's measurement folder. */
  static final String FILE = "latency.hlog";

  private final PrintStream stream;
  private final HistogramLogWriter writer;

  HdrLog(Path file, long startEpochMs, String comment) throws FileNotFoundException {
    this.stream = new PrintStream(file.toFile());
    this.writer = new HistogramLogWriter(stream);
    writer.outputComment(comment);
    writer.outputComment("values are nanoseconds; tags are <OPERATION>.<service|response>[.warmup]");
    writer.outputComment("except <OPERATION>.<documents|bytes>[.warmup]: documents and bytes per operation");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMs);
    writer.setBaseTime(startEpochMs);
    writer.outputLegend();
    stream.flush();
  }

  /** The tag of a histogram in the log. */
  static String tag(Operation operation, LatencyKind kind, boolean warmup) {
    return operation.label() + "." + kind.label() + (warmup ? ".warmup" : "");
  }

  /** The tag of a metric's histogram in the log. */
  static String tag(Metric metric, boolean warmup) {
    return metric.tag() + (warmup ? ".warmup" : "");
  }

  void write(EncodableHistogram interval) {
    writer.outputIntervalHistogram(interval);
    stream.flush();
  }

  @Override
  public void close() {
    stream.close();
  }

}
