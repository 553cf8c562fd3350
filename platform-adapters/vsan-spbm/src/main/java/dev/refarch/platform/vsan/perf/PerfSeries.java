package dev.refarch.platform.vsan.perf;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One entity's figures from the performance service: a point per collection interval, each
 * labelled with the interval's end ({@code sampleInfo}), and each metric's value at it.
 *
 * @param entityRefId the entity, e.g. {@code virtual-machine:<instance uuid>}
 * @param times the intervals' ends, ascending as the service gives them
 * @param values metric label to its values, one per time (the reader checks the counts); empty
 *     where the series has a gap
 * @param intervalSeconds the service's collection interval ({@code metricsCollectInterval}); 0
 *     when it gave none
 */
public record PerfSeries(String entityRefId, List<Instant> times,
    Map<String, List<OptionalDouble>> values, int intervalSeconds) {

  public PerfSeries {
    Objects.requireNonNull(entityRefId, "entityRefId");
    times = List.copyOf(times);
    values = Map.copyOf(values);
  }

  /** The part after the entity type, e.g. a VM's instance UUID. */
  public String entityId() {
    int colon = entityRefId.indexOf(':');
    return colon < 0 ? "" : entityRefId.substring(colon + 1);
  }
}
