package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.Topology;
import java.util.Map;

/**
 * A real MongoDB replica set on Testcontainers: N data members (and optionally an arbiter) on
 * one Docker network the cluster creates, from one image ({@link ContainerSettings#IMAGE}:
 * {@code $REFARCH_MONGOD_IMAGE} or {@value ContainerSettings#DEFAULT_IMAGE} by default).
 *
 * <p>A one-member set is reached directly through its port, published on 127.0.0.1. The members
 * of a larger set are advertised under an address both the tests and the containers reach (the
 * Docker network's gateway for a local engine, see {@link ContainerSettings#advertisedHost()}),
 * so that clients follow elections as in production. Each member keeps its port for its life.
 *
 * <p>Thread-safe. {@link #close()} stops every container. Faults ({@link #faults()}):
 * {@code kill} ({@code docker kill}), {@code stop} ({@code docker stop}), {@code restart}
 * ({@code docker start}, then back in the set), {@code pause}/{@code resume}
 * ({@code docker pause}/{@code unpause}), {@code partition}/{@code heal} (cut off its network,
 * from the other members and from clients alike, and reconnected) and {@code stepdown}, on
 * {@code primary}, {@code secondary} or a member name ({@code rs0-1}).
 *
 * <pre>{@code
 * try (ReplicaSetCluster rs = ReplicaSetCluster.builder().members(3).start()) {
 *   MongoClient client = MongoClients.create(rs.connectionString());
 * }
 * }</pre>
 */
public final class ReplicaSetCluster extends ContainerCluster {

  private ReplicaSetCluster(ContainerPlan plan, ContainerSettings settings) {
    super(plan, settings);
  }

  /**
   * Starts {@code topology} and waits until it has a primary and every member is healthy.
   *
   * @param settings {@code testcontainers.*} keys; others are ignored
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad setting
   * @throws dev.refarch.platform.spi.PlatformException when it cannot start; nothing is left
   *     running
   */
  public static ReplicaSetCluster start(Topology.ReplicaSet topology, Map<String, String> settings) {
    ContainerSettings parsed = ContainerSettings.from(settings);
    return new ReplicaSetCluster(ContainerPlan.of(topology, parsed), parsed);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Fluent front end; {@link #start()} validates and starts. */
  public static final class Builder extends ContainerCluster.Builder<Builder, ReplicaSetCluster> {
    private int members = 1;
    private boolean arbiter;

    private Builder() {
    }

    /** Data members, 1–7 (default 1). */
    public Builder members(int members) {
      this.members = members;
      return this;
    }

    /** Whether an arbiter joins (needs two or more data members). */
    public Builder arbiter(boolean arbiter) {
      this.arbiter = arbiter;
      return this;
    }

    @Override
    public ReplicaSetCluster start() {
      return ReplicaSetCluster.start(new Topology.ReplicaSet(members, arbiter), settings());
    }
  }
}
