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

  /** Stops every process or object this cluster created; idempotent. */
  @Override
  void close();
}
