package dev.refarch.platform.spi;

import java.util.Objects;

/**
 * A fault that was injected, with the wall-clock time it took effect so that it lines up with
 * clients' timelines.
 *
 * @param epochMillis when the fault took effect, milliseconds since the epoch
 * @param action the action carried out
 * @param target the target as requested (a role or a name)
 * @param member the member the target resolved to at injection time
 * @param detail what the injector observed (e.g. the process id killed), for the report
 */
public record FaultEvent(long epochMillis, String action, String target, String member,
    String detail) {

  public FaultEvent {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(detail, "detail");
  }
}
