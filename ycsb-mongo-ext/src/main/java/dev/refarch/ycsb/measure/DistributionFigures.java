package dev.refarch.ycsb.measure;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures every summary reports for a distribution — count, mean, the percentiles of
 * {@link LatencyStats#PERCENTILES}, max — and their labels, in one place for latencies
 * ({@link LatencyStats}) and per-operation quantities ({@link MetricStats}).
 */
public sealed interface DistributionFigures permits LatencyStats, MetricStats {

  long count();

  double mean();

  double p50();

  double p90();

  double p95();

  double p99();

  double p999();

  double p9999();

  double max();

  /** Label to value: {@code mean}, the percentiles in the order of their labels, {@code max}. */
  default Map<String, Double> figures() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("mean", mean());
    m.put("p50", p50());
    m.put("p90", p90());
    m.put("p95", p95());
    m.put("p99", p99());
    m.put("p99.9", p999());
    m.put("p99.99", p9999());
    m.put("max", max());
    return m;
  }
}
