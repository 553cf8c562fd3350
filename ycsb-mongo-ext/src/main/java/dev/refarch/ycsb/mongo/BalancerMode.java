package dev.refarch.ycsb.mongo;

import java.util.Locale;

/** The sharded cluster's balancer during a phase ({@code mongodb.shard.balancer}). */
public enum BalancerMode {
  /** Running: chunks migrate while YCSB runs. */
  ON,
  /** Stopped: the distribution set up at load stays as it is. */
  OFF;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
