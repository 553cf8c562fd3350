package dev.refarch.experiments.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One fault of a trial as {@code trial.json} records it, with the client-observed interruption
 * per operation type beside the server-side election and the platform-side durations. Immutable.
 *
 * @param epochMs when the fault took effect
 * @param phase the phase it was injected in, e.g. {@code run}
 * @param action e.g. {@code kill}, {@code restart}
 * @param target the target as requested, e.g. {@code primary}
 * @param member the member it resolved to
 * @param failure why injection failed; empty when it succeeded
 * @param electionMs server-side time to a new primary, when one was seen
 * @param interruptionMs per operation type, the longest gap without success after the fault
 * @param resumed per operation type, whether operations succeeded again after that gap
 * @param durationsMs durations the injector measured from the fault on the platform side, by
 *     name (e.g. {@code podReady}), in the injector's order; empty when it measured none or the
 *     {@code trial.json} predates them
 */
public record TrialFault(long epochMs, String phase, String action, String target, String member,
    String failure, Optional<Long> electionMs, Map<String, Long> interruptionMs,
    Map<String, Boolean> resumed, Map<String, Long> durationsMs) {

  public TrialFault {
    interruptionMs = Collections.unmodifiableMap(new TreeMap<>(interruptionMs));
    resumed = Collections.unmodifiableMap(new TreeMap<>(resumed));
    durationsMs = Collections.unmodifiableMap(new LinkedHashMap<>(durationsMs));
  }

  /** Whether injection succeeded. */
  public boolean injected() {
    return failure.isEmpty();
  }

  /** The longest interruption over all operation types; empty when none was analysed. */
  public Optional<Long> longestInterruptionMs() {
    return interruptionMs.values().stream().max(Long::compare);
  }

  /** {@code kill primary (127.0.0.1:40001)}, for legends and tables. */
  public String describe() {
    return action + " " + target + (member.isEmpty() || member.equals(target) ? ""
        : " (" + member + ")");
  }
}
