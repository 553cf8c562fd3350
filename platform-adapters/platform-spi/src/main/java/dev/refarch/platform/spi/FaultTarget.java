package dev.refarch.platform.spi;

import java.util.Collection;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A fault's target as {@link FaultTargets} parsed it: a role within a replica set, which member
 * holds it being decided when the fault fires, or one member by name.
 *
 * <p>Immutable and thread-safe.
 *
 * @param text the target as written, e.g. {@code shard0/secondary:2}
 * @param replicaSet the replica set the role or member belongs to; {@code null} for a member in
 *     none (a router)
 * @param role the role; {@code null} for a member named directly
 * @param index for a role, which of its holders (1 = the first by member name); 1 for a member
 * @param member the member's name; {@code null} for a role
 */
public record FaultTarget(String text, String replicaSet, Role role, int index, String member) {

  /** The roles a target can name. */
  public enum Role {
    PRIMARY, SECONDARY, ARBITER;

    /** Lower case, as written in a target and as the members report it: {@code secondary}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public FaultTarget {
    Objects.requireNonNull(text, "text");
    if ((role == null) == (member == null)) {
      throw new IllegalArgumentException("exactly one of role and member: " + text);
    }
    if (index < 1 || (index > 1 && role != Role.SECONDARY)) {
      throw new IllegalArgumentException("index " + index + " of " + text
          + "; only secondary:n counts from 1 upwards, everything else is 1");
    }
  }

  /** Whether this names a role rather than a member. */
  public boolean isRole() {
    return role != null;
  }

  /**
   * Of the members that hold this target's role now, the one it names: the {@link #index}-th by
   * member name, so that repeated runs pick the same member. For a primary with two claimants (as
   * for a moment after a partition heals) the adapter decides first, from the election.
   *
   * @param holders the names of the members holding {@link #role} now, in any order
   * @return empty when fewer than {@link #index} members hold the role
   */
  public Optional<String> pick(Collection<String> holders) {
    return holders.stream().sorted().skip(index - 1L).findFirst();
  }

  /** What the role part says, e.g. {@code secondary:2} or {@code primary}; or the member. */
  public String describe() {
    return isRole() ? role.label() + (index > 1 ? ":" + index : "") : member;
  }
}
