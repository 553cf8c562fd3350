package dev.refarch.platform.spi;

import java.util.Map;
import java.util.Objects;

/**
 * One fault to inject: an action aimed at a target.
 *
 * <p>Targets are roles resolved at injection time — {@code primary}, {@code secondary},
 * {@code arbiter} — or a member's name as its injector lists it. Build with the static
 * factories, e.g. {@code Fault.of("kill", "primary")}.
 *
 * @param action what to do, one of the injector's {@link FaultInjector#actions()}
 * @param target role or member name
 * @param parameters action-specific settings (e.g. {@code seconds} for a step-down), may be empty
 */
public record Fault(String action, String target, Map<String, String> parameters) {

  public Fault {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(target, "target");
    parameters = Map.copyOf(parameters);
  }

  public static Fault of(String action, String target) {
    return new Fault(action, target, Map.of());
  }

  /** A copy with one more parameter. */
  public Fault with(String key, String value) {
    var copy = new java.util.HashMap<>(parameters);
    copy.put(key, value);
    return new Fault(action, target, copy);
  }
}
