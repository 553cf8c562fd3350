package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.Phase;
import java.util.Map;
import java.util.Optional;

/**
 * One fault of a trial and what followed: the server-side election time beside the
 * client-observed interruption per operation type.
 *
 * @param phase the phase it was injected in
 * @param event what was done, to which member, when
 * @param failure why injection failed; empty when it succeeded
 * @param electionMs from the fault to a new primary under a new election id, when one was seen
 * @param interruptions per operation type, from the merged timeline
 */
public record FaultReport(Phase phase, FaultEvent event, String failure, Optional<Long> electionMs,
    Map<String, Interruption> interruptions) {

  public FaultReport {
    interruptions = Map.copyOf(interruptions);
  }
}
