/**
 * Sharded-collection setup through {@code mongos}: the {@code mongodb-sharding} platform hook,
 * which the binding runs by itself when {@code mongodb.shardKey} or {@code mongodb.shard.balancer}
 * is set.
 *
 * <p>Start reading at {@link dev.refarch.ycsb.sharding.ShardingHook} (what happens before and
 * after each phase), then {@link dev.refarch.ycsb.sharding.ShardAdmin} (the commands) and
 * {@link dev.refarch.ycsb.sharding.SplitPoints} (where range chunks are split).
 */
package dev.refarch.ycsb.sharding;
