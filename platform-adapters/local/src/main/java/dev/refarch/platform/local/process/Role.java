package dev.refarch.platform.local.process;

import dev.refarch.platform.spi.FaultTargets;
import java.util.Locale;

/** What a member process is for in its deployment. */
public enum Role {
  /** A {@code mongod} without replication. */
  STANDALONE,
  /** A data-bearing replica set member (of a plain replica set or a shard). */
  DATA,
  /** A replica set member that votes but holds no data. */
  ARBITER,
  /** A data-bearing member of the config server replica set. */
  CONFIG,
  /** A {@code mongos}. */
  ROUTER;

  /** Lower-case name for platform state, e.g. {@code arbiter}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the process belongs to a replica set. */
  public boolean inReplicaSet() {
    return this == DATA || this == ARBITER || this == CONFIG;
  }

  /** Whether the process holds data (and so can be primary or secondary). */
  public boolean bearsData() {
    return this == STANDALONE || this == DATA || this == CONFIG;
  }

  /** What a fault target sees in a member of this role. */
  public FaultTargets.Kind targetKind() {
    return switch (this) {
      case STANDALONE, DATA -> FaultTargets.Kind.DATA;
      case CONFIG -> FaultTargets.Kind.CONFIG;
      case ARBITER -> FaultTargets.Kind.ARBITER;
      case ROUTER -> FaultTargets.Kind.ROUTER;
    };
  }
}
