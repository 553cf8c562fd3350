package dev.refarch.experiments.spec;

/**
 * A service-level objective and how to search for the highest throughput that meets it: the
 * containers paper swept load until p99 reached 10 ms; here the target throughput is bisected.
 *
 * @param operation YCSB operation, e.g. {@code UPDATE}
 * @param metric a percentile label ({@code p50} … {@code p99.99}), {@code mean} or {@code max}
 * @param boundMs the bound in milliseconds
 * @param steps bisection steps after the unthrottled probe, 1–20
 * @param latency {@code response} (from the due time: what a user waits, the default) or
 *     {@code service} (from the issue: what the database takes, blind to client-side delays)
 */
public record SloSpec(String operation, String metric, double boundMs, int steps, String latency) {

  public static final String METRICS = "mean, p50, p90, p95, p99, p99.9, p99.99, max";

  public SloSpec {
    if (!(boundMs > 0)) {
      throw new IllegalArgumentException("boundMs must be positive");
    }
    if (!latency.equals("response") && !latency.equals("service")) {
      throw new IllegalArgumentException("latency must be response or service");
    }
    if (steps < 1 || steps > 20) {
      throw new IllegalArgumentException("steps must be 1 to 20");
    }
  }
}
