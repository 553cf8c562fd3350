package dev.refarch.platform.spi;

/**
 * A started MongoDB deployment. Closing it stops and removes everything its provisioner created.
 *
 * <p>Implementations are thread-safe.
 */
public interface RunningCluster extends AutoCloseable {

  Topology topology();

  /**
   * The connection string clients use (through the routers for sharded clusters). It may carry
   * credentials: print it only through {@link Redaction#maskUri}.
   */
  String connectionString();

  /** What the provisioner created (ports, versions, paths, volume handles). */
  PlatformState state();

  /** The fault injector aimed at this cluster's members. */
  FaultInjector faults();

  /**
   * Whether this JVM can open connections to the members with {@link #connectionString()}.
   * False when their addresses resolve only inside a platform — a Kubernetes cluster's service
   * DNS names, seen from outside it: clients must then run inside the platform, and runners
   * leave out what they would ask the servers themselves (the election watch) and drop
   * databases through {@link #dropDatabase}.
   */
  default boolean reachableFromRunner() {
    return true;
  }

  /**
   * Drops database {@code name}, so that a load starts empty, from inside the platform. Only
   * clusters that are not {@link #reachableFromRunner() reachable} need it: for the others the
   * runner drops it through the connection string.
   *
   * @throws PlatformException when the cluster cannot do it
   */
  default void dropDatabase(String name) {
    throw new PlatformException("drop database " + name, getClass().getSimpleName()
        + " cannot drop databases from inside; reach it through its connection string");
  }

  /**
   * The files MongoDB wrote to each data member's {@code rollback/} folder — the documents a
   * rollback removed, since 4.4 as {@code <collection uuid>/removed.<time>.bson} — by member
   * and path below that folder; a member without the folder is left out. Empty when this cluster
   * cannot read its members' files (an existing cluster, pods). Read after the members caught
   * up, so that a rollback in progress has written its files.
   *
   * @throws PlatformException when a member's folder exists but cannot be read
   */
  default java.util.Optional<java.util.Map<String, java.util.Map<String, byte[]>>>
      rollbackFiles() {
    return java.util.Optional.empty();
  }

  /** Stops every process or object this cluster created; idempotent. */
  @Override
  void close();
}
