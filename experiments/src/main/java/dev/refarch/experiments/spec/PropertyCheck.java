package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.mongo.MongoProperties;
import dev.refarch.ycsb.workloads.RefarchWorkload;
import dev.refarch.ycsb.workloads.WorkloadProperties;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.Workload;

/**
 * Checks one property as it is written — in a spec's {@code properties}, a variant, a sweep
 * value or a {@code --set} — against the declarations of the group its prefix names
 * ({@code mongodb.}, {@code measurement.}, {@code refarch.client.}, {@code refarch.},
 * {@code vsan.}, {@code santricity.}, {@code k8s.}, {@code local.}) and YCSB's core keys ({@link CoreProperties}). Combinations
 * (a shard key with its chunks, a write concern with its journal) are checked per trial, once
 * all of its properties are known, by the runner's preflight.
 *
 * <p>Stateless and thread-safe.
 */
public final class PropertyCheck {

  /**
   * The groups whose keys are checked one by one, by prefix: the binding's, then those of every
   * adapter on the class path (found through ServiceLoader; an absent adapter's keys are not
   * checked here — its hooks, which would read them, cannot run either).
   */
  static final List<SettingGroup> GROUPS = groups();
  /** YCSB's key for the workload's class. */
  private static final String WORKLOAD_CLASS = "workload";

  private static List<SettingGroup> groups() {
    // the client JVMs' group before the workload's, whose prefix (refarch.) covers it
    List<SettingGroup> groups = new java.util.ArrayList<>(List.of(MongoProperties.GROUP,
        MeasurementProperties.GROUP, ClientProperties.GROUP, TelemetryProperties.GROUP,
        WorkloadProperties.GROUP));
    groups.addAll(Extensions.settingGroups());
    return List.copyOf(groups);
  }

  private PropertyCheck() {
  }

  /**
   * Checks {@code key=value}.
   *
   * @throws ConfigurationException naming the key, the value and what is allowed
   */
  public static void validate(String key, String value) {
    if (key.equals(MongoProperties.URL.key())) {
      throw new ConfigurationException(key, value, "not as a property: the runner sets it from"
          + " the cluster", "use --cluster uri:<connection string>, or in a spec cluster: {type:"
          + " uri, uri: …}");
    }
    if (key.equals("threadcount") || key.equals("insertcount")) {
      throw new ConfigurationException(key, value, "not as a property: the runner sets it per"
          + " client", key.equals("threadcount") ? "use threads (per client) or a threadcount"
          + " sweep parameter" : "use recordcount and insertstart; the runner splits them");
    }
    if (key.equals(WORKLOAD_CLASS)) {
      requireWorkloadClass(key, value);
    }
    Optional<SettingGroup> group = group(key);
    if ((group.isPresent() || CoreProperties.declares(key)) && (value == null || value.isBlank())) {
      throw new ConfigurationException(key, value, group.flatMap(g -> g.setting(key))
          .map(s -> s.allowed()).orElseGet(() -> CoreProperties.allowed(key)), "an empty value would leave the default in"
          + " force silently; remove the key instead");
    }
    if (group.isPresent()) {
      var setting = group.get().setting(key);
      if (setting.isPresent()) {
        setting.get().parse(value);
      } else if (!group.get().prefix().equals("mongodb.")) {
        // the binding maps some keys of the stock binding itself; its settings check them
        group.get().rejectUnknown(Map.of(key, value));
      }
    }
    CoreProperties.validate(key, value);
  }

  /**
   * YCSB's {@code workload} property names the workload's class; YCSB's workload files (a–f) are
   * a spec's {@code workload:} key. A value that is no such class would fail in every client
   * after the cluster started, as a ClassNotFoundException.
   */
  private static void requireWorkloadClass(String key, String value) {
    String allowed = "a class implementing site.ycsb.Workload on the class path, e.g. "
        + RefarchWorkload.class.getName() + " or site.ycsb.workloads.CoreWorkload";
    String name = value == null ? "" : value.trim();
    try {
      Class<?> c = Class.forName(name, false, PropertyCheck.class.getClassLoader());
      if (!Workload.class.isAssignableFrom(c)) {
        throw new ConfigurationException(key, value, allowed, c.getName() + " is not a Workload");
      }
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigurationException(key, value, allowed, name.matches("[a-fA-F]")
          ? "YCSB's workload files are chosen by the spec's workload: " + name.toLowerCase(
              java.util.Locale.ROOT) + " (or a workload sweep parameter), not by this property"
          : "no such class");
    }
  }

  private static Optional<SettingGroup> group(String key) {
    return GROUPS.stream().filter(g -> key.startsWith(g.prefix())).findFirst();
  }
}
