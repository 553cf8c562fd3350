package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.process.Member.Disruption;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.spi.FaultTarget;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Decides which member holds a role, from what the members said about themselves.
 *
 * <p>Stateless and thread-safe; pure functions, so the rules are unit tested without processes.
 */
final class RoleSelection {

  private RoleSelection() {
  }

  /**
   * The member that has {@code target}'s role now: the primary (if two claim it, as can happen
   * for a moment after a partition heals, the one from the later election); a secondary or the
   * arbiter as {@link FaultTarget#pick} counts them by name, so that repeated runs pick the same
   * member. Paused, down and unreachable members never match.
   */
  static Optional<String> live(FaultTarget target, List<MemberView> views) {
    MemberView.State wanted = MemberView.State.valueOf(target.role().name());
    List<MemberView> holders = views.stream().filter(v -> v.state() == wanted).toList();
    if (wanted == MemberView.State.PRIMARY) {
      return holders.stream()
          .max(Comparator.comparing(MemberView::electionId,
              Comparator.nullsFirst(Comparator.naturalOrder()))
              .thenComparing(MemberView::name, Comparator.reverseOrder()))
          .map(MemberView::name);
    }
    return target.pick(holders.stream().map(MemberView::name).toList());
  }

  /** A member that a fault disrupted, and how. */
  record Disrupted(String name, Disruption disruption) {
  }

  /** The most recently disrupted member that had {@code role} when it was disrupted. */
  static Optional<String> disrupted(String role, List<Disrupted> candidates) {
    return candidates.stream()
        .filter(c -> c.disruption() != null && role.equals(c.disruption().role()))
        .max(Comparator.comparingLong(c -> c.disruption().sequence()))
        .map(Disrupted::name);
  }
}
