package dev.refarch.ycsb.mongo;

import java.util.Objects;
import java.util.Optional;

/**
 * Sharded-collection setup ({@code mongodb.shardKey}, {@code mongodb.shard.*}), carried out by the
 * {@code mongodb-sharding} platform hook through {@code mongos}.
 *
 * <p>Immutable.
 *
 * @param shardKey how the collection is sharded at load
 * @param chunks initial chunks at load; empty keeps the server default
 * @param balancer the balancer during each phase; empty leaves it as it is
 */
public record ShardingSettings(ShardKey shardKey, Optional<Integer> chunks,
    Optional<BalancerMode> balancer) {

  public ShardingSettings {
    Objects.requireNonNull(shardKey, "shardKey");
    Objects.requireNonNull(chunks, "chunks");
    Objects.requireNonNull(balancer, "balancer");
  }

  /** Whether the {@code mongodb-sharding} hook has anything to do. */
  public boolean isActive() {
    return shardKey != ShardKey.NONE || balancer.isPresent();
  }
}
