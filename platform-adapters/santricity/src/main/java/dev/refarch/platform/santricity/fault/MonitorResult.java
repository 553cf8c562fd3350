package dev.refarch.platform.santricity.fault;

import java.util.List;
import java.util.Objects;

/**
 * How following one pool's recovery ended.
 *
 * @param pool the pool's name
 * @param cause the fault that started it
 * @param startedMillis first poll, epoch milliseconds
 * @param finishedMillis when the pool was seen quiet, epoch milliseconds
 * @param polls how many polls were made
 * @param actionsSeen the distinct actions observed, in order (e.g. reconstructing, rebalancing)
 * @param listenerFailures messages of listener calls that threw; polling went on regardless
 */
public record MonitorResult(String pool, String cause, long startedMillis, long finishedMillis,
    int polls, List<String> actionsSeen, List<String> listenerFailures) {

  public MonitorResult {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(cause, "cause");
    actionsSeen = List.copyOf(actionsSeen);
    listenerFailures = List.copyOf(listenerFailures);
  }
}
