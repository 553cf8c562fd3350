package dev.refarch.experiments.telemetry;

import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.util.Optional;

/**
 * A test double of a telemetry provider that cannot read what it needs, as one without
 * permission cannot: registered for the tests of this module, it applies only to a trial whose
 * properties hold {@value #KEY}, and then refuses to open.
 */
public final class RefusingTelemetry implements TelemetryProvider {

  /** The property that turns it on for a trial. */
  public static final String KEY = "test.telemetry.refuse";

  @Override
  public String name() {
    return "refusing";
  }

  @Override
  public String description() {
    return "a test double that cannot open its source";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    if (!target.settings().containsKey(KEY)) {
      return Optional.empty();
    }
    throw new SecurityException("permission denied: /proc/1/io (test double)");
  }
}
