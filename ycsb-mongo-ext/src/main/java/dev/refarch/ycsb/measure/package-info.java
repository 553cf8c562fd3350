/**
 * Measurement extensions for any YCSB binding: per-operation HdrHistogram interval logs (service
 * time always; response time from the intended start when a target throughput is set), a
 * per-operation timeline with epoch-millisecond timestamps, warm-up exclusion, and a JSON and CSV
 * summary.
 *
 * <p>Start reading at {@link dev.refarch.ycsb.measure.MeasurementSession}, the per-JVM owner of
 * the recorders, then {@link dev.refarch.ycsb.measure.ThreadMeter} (what each YCSB thread calls
 * around an operation) and {@link dev.refarch.ycsb.measure.MeasuredDb} (the wrapper that adds all
 * of this to any binding). {@link dev.refarch.ycsb.measure.LatencyStats} turns a histogram into
 * the summary's figures, and is what the trial runner uses on merged histograms too.
 * {@link dev.refarch.ycsb.measure.YcsbGlobals} is the one door to YCSB's static measurements,
 * open only when YCSB's {@code Client} set them up.
 */
package dev.refarch.ycsb.measure;
