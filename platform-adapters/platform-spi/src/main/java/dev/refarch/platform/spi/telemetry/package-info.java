/**
 * Telemetry: what the servers, machines, disks and platform did while a trial ran, sampled beside
 * the clients' figures so that a report can say why a latency rose.
 *
 * <p>A {@link dev.refarch.platform.spi.telemetry.TelemetryProvider}, found through
 * {@link java.util.ServiceLoader} like hooks and injectors, looks at a cluster
 * ({@link dev.refarch.platform.spi.telemetry.TelemetryTarget}) and opens a
 * {@link dev.refarch.platform.spi.telemetry.TelemetrySource} when it has something to watch there.
 * The runner asks every source for a {@link dev.refarch.platform.spi.telemetry.TelemetryRound}
 * once a second, each on its own thread, so that a slow or failing source stalls nothing but
 * itself. {@link dev.refarch.platform.spi.telemetry.CounterRates} turns counters into rates.
 */
package dev.refarch.platform.spi.telemetry;
