package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.Map;

/**
 * The runner's telemetry switch, read by the runner and never passed to YCSB. The README's
 * property table lists {@link #GROUP}.
 *
 * <p>Stateless and thread-safe.
 */
public final class TelemetryProperties {

  /** Whether each trial samples its servers, machines and disks once a second. */
  public static final Setting<Boolean> TELEMETRY = Setting.choice("refarch.telemetry", true,
      choices(),
      "on: the runner samples every telemetry source once a second into each trial's"
          + " telemetry.csv (MongoDB's serverStatus, the mongod processes and disks on this"
          + " machine, the sources of adapters on the class path); off: none");

  public static final SettingGroup GROUP = SettingGroup.of("refarch.telemetry", TELEMETRY);

  private TelemetryProperties() {
  }

  /** In the order an error lists them. */
  private static Map<String, Boolean> choices() {
    Map<String, Boolean> c = new java.util.LinkedHashMap<>();
    c.put("on", true);
    c.put("off", false);
    c.put("true", true);
    c.put("false", false);
    return c;
  }
}
