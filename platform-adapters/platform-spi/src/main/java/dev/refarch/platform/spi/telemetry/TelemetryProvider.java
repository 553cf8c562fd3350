package dev.refarch.platform.spi.telemetry;

import java.util.Optional;

/**
 * Opens a {@link TelemetrySource} for a cluster when it has something to watch there; found
 * through {@link java.util.ServiceLoader} ({@code META-INF/services/}
 * {@code dev.refarch.platform.spi.telemetry.TelemetryProvider}) like hooks and injectors.
 *
 * <p>Implementations are stateless and thread-safe; the sources they open are not shared.
 *
 * <pre>{@code
 * public final class NodeTemperature implements TelemetryProvider {
 *   public String name() { return "temperature"; }
 *   public String description() { return "each node's CPU temperature"; }
 *   public Optional<TelemetrySource> open(TelemetryTarget target) {
 *     return target.state().get().of("my-platform").isEmpty() ? Optional.empty()
 *         : Optional.of(new TemperatureSource(target));
 *   }
 * }
 * }</pre>
 */
public interface TelemetryProvider {

  /** Short lower-case name, the {@code source} column of every sample its sources give. */
  String name();

  /** One line for {@code refarch list}: what its sources sample, e.g. {@code CPU of each pod}. */
  String description();

  /**
   * A source for {@code target}; empty when the provider has nothing to watch there (no
   * processes of this machine, a platform it does not know). Connects nothing that would fail the
   * trial: a source that cannot read gives rounds with members missing, or throws from
   * {@link TelemetrySource#sample}.
   *
   * @throws RuntimeException when the provider applies but cannot open its source (no permission
   *     to read what it needs); the runner records it as partial telemetry and runs the trial
   */
  Optional<TelemetrySource> open(TelemetryTarget target);
}
