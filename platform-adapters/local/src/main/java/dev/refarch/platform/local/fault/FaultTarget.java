package dev.refarch.platform.local.fault;

import java.util.Objects;

/**
 * A parsed fault target: a role within a replica set, resolved when the fault fires, or one
 * member by name.
 *
 * <p>Immutable and thread-safe.
 *
 * @param text the target as written, e.g. {@code shard0/primary}
 * @param group the replica set the role or member belongs to; {@code null} for a router
 * @param role {@code primary}, {@code secondary} or {@code arbiter}; {@code null} for a member
 * @param member the member's name; {@code null} for a role
 */
public record FaultTarget(String text, String group, String role, String member) {

  public FaultTarget {
    Objects.requireNonNull(text, "text");
    if ((role == null) == (member == null)) {
      throw new IllegalArgumentException("exactly one of role and member: " + text);
    }
  }

  public boolean isRole() {
    return role != null;
  }
}
