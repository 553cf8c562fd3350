package dev.refarch.testcontainers.cluster;

import java.util.List;
import java.util.Objects;

/**
 * One member of a container cluster before it runs: its name (also its network alias), its
 * replica set, its role and its command line.
 *
 * <p>Immutable.
 *
 * @param name member name and network alias, e.g. {@code shard0-1}
 * @param group the replica set it belongs to, e.g. {@code shard0}; {@code null} for a router
 * @param role what it does in the cluster
 * @param command the container's command, e.g. {@code mongod --port 27017 ...}
 */
public record NodeSpec(String name, String group, Role role, List<String> command) {

  /** The port every member listens on inside its container. */
  public static final int PORT = 27017;

  /** What a member does. */
  public enum Role {
    /** A data-bearing member of a replica set or shard. */
    DATA,
    /** A replica set arbiter: votes, holds no data. */
    ARBITER,
    /** A member of the config server replica set. */
    CONFIG,
    /** A {@code mongos}. */
    ROUTER;

    /** Whether members of this role belong to a replica set. */
    public boolean inReplicaSet() {
      return this != ROUTER;
    }
  }

  public NodeSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(role, "role");
    command = List.copyOf(command);
    if (role.inReplicaSet() == (group == null)) {
      throw new IllegalArgumentException(name + ": a " + role + " member "
          + (group == null ? "needs" : "has no") + " replica set");
    }
  }

  /** How other members on the network reach it: {@code name:27017}. */
  public String internalAddress() {
    return name + ":" + PORT;
  }
}
