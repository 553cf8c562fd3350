package dev.refarch.testcontainers.junit;

import dev.refarch.platform.spi.Topology;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a test class one real MongoDB cluster for all its tests, and injects it into test
 * methods, constructors and lifecycle methods as a {@code String} (the connection string), a
 * {@link com.mongodb.client.MongoClient} or a {@link dev.refarch.platform.spi.RunningCluster}.
 *
 * <p>The cluster comes from the first of {@link #backends()} that can provide the topology here:
 * {@code uri} — an existing cluster whose connection string the system property
 * {@link #uriProperty()} gives, if it has that shape; {@code testcontainers} — containers, when
 * Docker is available; {@code local} — {@code mongod}/{@code mongos} processes on 127.0.0.1.
 * When none can, every test of the class is reported as skipped with each backend's reason. The
 * cluster starts before the class's first test and is stopped (and the injected client closed)
 * after its last.
 *
 * <pre>{@code
 * @MongoCluster(topology = MongoCluster.Kind.SHARDED, shards = 2, members = 3)
 * class OrderServiceIT {
 *   @Test
 *   void placesOrders(MongoClient client) { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(MongoClusterExtension.class)
public @interface MongoCluster {

  /** The system property that names an existing cluster, unless {@link #uriProperty()} says another. */
  String URI_PROPERTY = "refarch.mongodb.uri";

  /** The shape of the cluster. */
  Kind topology() default Kind.REPLICA_SET;

  /** Data members of the replica set, or of each shard; 1–7. */
  int members() default 1;

  /** Whether an arbiter joins the replica set (needs two or more members). */
  boolean arbiter() default false;

  /** Shards of a sharded cluster; 1–16. */
  int shards() default 2;

  /** Members of a sharded cluster's config server replica set; 1–7. */
  int configMembers() default 1;

  /** Routers ({@code mongos}) of a sharded cluster; 1–8. */
  int routers() default 1;

  /**
   * Settings for the backends as {@code key=value}, e.g. {@code "local.electionTimeoutMillis=2000"}
   * or {@code "testcontainers.image=mongo:7.0"}; each backend reads its own prefix.
   */
  String[] settings() default {};

  /** The backends to try, in order: {@code uri}, or a provisioner's name. */
  String[] backends() default {"uri", "testcontainers", "local"};

  /** The system property whose value, when set, is an existing cluster's connection string. */
  String uriProperty() default URI_PROPERTY;

  /** Kinds of deployment. */
  enum Kind {
    /** One {@code mongod} without replication ({@code testcontainers} does not offer it). */
    STANDALONE,
    /** A replica set of {@link #members()} data members. */
    REPLICA_SET,
    /** A sharded cluster: config replica set, {@link #shards()} shards, {@link #routers()} routers. */
    SHARDED;

    /** The topology this kind and the annotation's counts describe. */
    Topology topology(MongoCluster a) {
      return switch (this) {
        case STANDALONE -> Topology.standalone();
        case REPLICA_SET -> new Topology.ReplicaSet(a.members(), a.arbiter());
        case SHARDED -> new Topology.Sharded(a.shards(), a.members(), a.configMembers(),
            a.routers());
      };
    }
  }
}
