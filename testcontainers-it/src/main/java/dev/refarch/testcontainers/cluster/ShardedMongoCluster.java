package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.Topology;
import java.util.List;
import java.util.Map;

/**
 * A real sharded MongoDB on Testcontainers: a config server replica set, N shard replica sets of
 * M members each and R {@code mongos} routers, all on one Docker network, from one image
 * ({@link ContainerSettings#IMAGE}) unless the routers get their own
 * ({@link ContainerSettings#MONGOS_IMAGE}). It is ready when {@code listShards} shows every
 * shard; clients connect through the routers, published on 127.0.0.1.
 *
 * <p>Thread-safe. {@link #close()} stops every container and removes the network. Faults
 * ({@link #faults()}): {@code kill}, {@code stop}, {@code restart}, {@code pause},
 * {@code resume}, {@code partition}, {@code heal} and {@code stepdown}, aimed at
 * {@code shard0/primary}, {@code config/primary}, {@code shard1/secondary} or a member name
 * ({@code shard0-1}, {@code mongos-0}).
 *
 * <pre>{@code
 * try (ShardedMongoCluster cluster = ShardedMongoCluster.builder()
 *     .shards(2).membersPerShard(3).routers(2).image("mongo:8.0").start()) {
 *   MongoClient client = MongoClients.create(cluster.connectionString());
 *   cluster.faults().inject(Fault.of("stepdown", "shard0/primary"));
 * }
 * }</pre>
 */
public final class ShardedMongoCluster extends ContainerCluster {

  private ShardedMongoCluster(ContainerPlan plan, ContainerSettings settings) {
    super(plan, settings);
  }

  /**
   * Starts {@code topology} and waits until every shard is listed.
   *
   * @param settings {@code testcontainers.*} keys; others are ignored
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad setting
   * @throws dev.refarch.platform.spi.PlatformException when it cannot start; nothing is left
   *     running
   */
  public static ShardedMongoCluster start(Topology.Sharded topology, Map<String, String> settings) {
    ContainerSettings parsed = ContainerSettings.from(settings);
    return new ShardedMongoCluster(ContainerPlan.of(topology, parsed), parsed);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The shard names, {@code shard0}…, as {@code listShards} shows them. */
  public List<String> shards() {
    return plan().shards().stream().map(ContainerPlan.ReplicaSetPlan::name).toList();
  }

  /** The {@code mongos} members. */
  public List<MongoNode> routers() {
    return plan().routers().stream().map(r -> member(r.name())).toList();
  }

  /** Fluent front end; {@link #start()} validates and starts. */
  public static final class Builder extends ContainerCluster.Builder<Builder, ShardedMongoCluster> {
    private int shards = 2;
    private int membersPerShard = 1;
    private int configMembers = 1;
    private int routers = 1;

    private Builder() {
    }

    /** Number of shards, 1–16 (default 2). */
    public Builder shards(int shards) {
      this.shards = shards;
      return this;
    }

    /** Data members of each shard's replica set, 1–7 (default 1). */
    public Builder membersPerShard(int members) {
      this.membersPerShard = members;
      return this;
    }

    /** Members of the config server replica set, 1–7 (default 1). */
    public Builder configMembers(int members) {
      this.configMembers = members;
      return this;
    }

    /** The image of the {@code mongos} routers, when not {@link #image}'s. */
    public Builder mongosImage(String image) {
      return setting(ContainerSettings.MONGOS_IMAGE.key(), image);
    }

    /** Number of {@code mongos}, 1–8 (default 1). */
    public Builder routers(int routers) {
      this.routers = routers;
      return this;
    }

    @Override
    public ShardedMongoCluster start() {
      return ShardedMongoCluster.start(new Topology.Sharded(shards, membersPerShard,
          configMembers, routers), settings());
    }
  }
}
