/**
 * MongoDB deployments a test can start or attach to, each a
 * {@link dev.refarch.platform.spi.RunningCluster}: {@link
 * dev.refarch.testcontainers.cluster.ShardedMongoCluster} (config replica set, N shard replica
 * sets and M routers on one Docker network) and {@link
 * dev.refarch.testcontainers.cluster.ReplicaSetCluster} on Testcontainers, and {@link
 * dev.refarch.testcontainers.cluster.ExistingCluster} for a cluster given by its URI.
 *
 * <p>Data flow: {@link dev.refarch.testcontainers.cluster.ContainerPlan} lays out members and
 * command lines without Docker; {@code Publication} decides where members publish their ports
 * (127.0.0.1, or the gateway of the network the cluster creates) and under which address they are
 * known; {@link dev.refarch.testcontainers.cluster.ContainerLauncher} starts the containers,
 * initiates the replica sets and adds the shards; the cluster then hands out its connection string
 * and a fault injector whose actions ({@code ContainerFault}: kill, stop, restart, pause, resume,
 * partition, heal, stepdown) act on the members' containers through
 * {@link dev.refarch.testcontainers.cluster.MongoNode}. {@link
 * dev.refarch.testcontainers.cluster.TestcontainersProvisioner} makes all this the
 * {@code testcontainers} provisioner of the platform SPI. Start reading at
 * {@link dev.refarch.testcontainers.cluster.ShardedMongoCluster}.
 */
package dev.refarch.testcontainers.cluster;
