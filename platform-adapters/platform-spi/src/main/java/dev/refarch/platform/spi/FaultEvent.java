package dev.refarch.platform.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A fault that was injected, with the wall-clock time it took effect so that it lines up with
 * clients' timelines, and any durations the injector measured on the platform side, so that
 * reports can show them beside the client-observed interruption and the server-side election.
 *
 * <p>Immutable.
 *
 * <pre>{@code
 * FaultEvent e = new FaultEvent(faultAt, "delete-pod", "primary", "refarch-rs0-1",
 *     "deleted pod refarch-rs0-1", Map.of("podReady", 41873L));
 * long ready = e.durationsMs().get("podReady");
 * }</pre>
 *
 * @param epochMillis when the fault took effect, milliseconds since the epoch
 * @param action the action carried out
 * @param target the target as requested (a role or a name)
 * @param member the member the target resolved to at injection time
 * @param detail what the injector observed (e.g. the process id killed), for the report
 * @param durationsMs durations the injector measured from the fault on the platform side, by name
 *     (e.g. {@code podReady}), in milliseconds; in the injector's order, empty when it measured
 *     none
 */
public record FaultEvent(long epochMillis, String action, String target, String member,
    String detail, Map<String, Long> durationsMs) {

  public FaultEvent {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(detail, "detail");
    Objects.requireNonNull(durationsMs, "durationsMs");
    durationsMs.forEach((name, ms) -> {
      Objects.requireNonNull(name, "durationsMs: a name");
      Objects.requireNonNull(ms, () -> "durationsMs: the value of " + name);
    });
    // Map.copyOf would lose the injector's order, which reports keep
    durationsMs = Collections.unmodifiableMap(new LinkedHashMap<>(durationsMs));
  }

  /** An event without platform-side durations. */
  public FaultEvent(long epochMillis, String action, String target, String member,
      String detail) {
    this(epochMillis, action, target, member, detail, Map.of());
  }
}
