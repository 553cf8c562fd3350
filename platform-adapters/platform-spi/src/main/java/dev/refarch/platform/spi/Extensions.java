package dev.refarch.platform.spi;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.platform.spi.config.SettingGroups;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Finds extensions by name through {@link ServiceLoader}; built-ins are registered the same way.
 * A miss lists what exists, and why an extension that is on the class path could not be loaded.
 *
 * <p>Stateless and thread-safe; each call loads fresh instances.
 *
 * <pre>{@code
 * PlatformHook hook = Extensions.hook("vsan-spbm");
 * }</pre>
 */
public final class Extensions {

  private Extensions() {
  }

  public static PlatformHook hook(String name) {
    return find(PlatformHook.class, "hooks", name, PlatformHook::name);
  }

  public static ClusterProvisioner provisioner(String name) {
    return find(ClusterProvisioner.class, "cluster", name, ClusterProvisioner::name);
  }

  public static FaultInjector faultInjector(String name) {
    return find(FaultInjector.class, "faults.injector", name, FaultInjector::name);
  }

  /**
   * Every telemetry provider on the class path, in name order. One that cannot be loaded is left
   * out and named to {@code broken} with why: telemetry never stops a trial.
   */
  public static List<TelemetryProvider> telemetryProviders(Consumer<String> broken) {
    return List.copyOf(load(TelemetryProvider.class, TelemetryProvider::name, broken).values());
  }

  /** Name to description of every telemetry provider on the class path. */
  public static Map<String, String> telemetry() {
    return catalogue(TelemetryProvider.class, TelemetryProvider::name,
        TelemetryProvider::description);
  }

  /** Name to description of every hook on the class path. */
  public static Map<String, String> hooks() {
    return catalogue(PlatformHook.class, PlatformHook::name, PlatformHook::description);
  }

  /** Name to description of every provisioner on the class path. */
  public static Map<String, String> provisioners() {
    return catalogue(ClusterProvisioner.class, ClusterProvisioner::name,
        ClusterProvisioner::description);
  }

  /** The setting groups every adapter on the class path declares (see {@link SettingGroups}). */
  public static List<SettingGroup> settingGroups() {
    List<SettingGroup> groups = new ArrayList<>();
    for (SettingGroups g : ServiceLoader.load(SettingGroups.class, classLoader())) {
      groups.addAll(g.groups());
    }
    return List.copyOf(groups);
  }

  /**
   * The extension of type {@code type} whose name is {@code name}.
   *
   * @param key the setting that named it, for the error message
   * @throws ConfigurationException when none has that name, listing the known ones
   */
  public static <T> T find(Class<T> type, String key, String name, Function<T, String> nameOf) {
    List<String> broken = new ArrayList<>();
    TreeMap<String, T> known = load(type, nameOf, broken::add);
    T found = known.get(name);
    if (found != null) {
      return found;
    }
    String allowed = known.isEmpty() ? "none is on the class path" : String.join(", ", known.keySet());
    String hint = broken.isEmpty() ? null : "some could not be loaded: " + String.join("; ", broken);
    throw new ConfigurationException(key, name, allowed, hint);
  }

  /**
   * Every extension of {@code type} on the class path by name; one that cannot be loaded is
   * named to {@code broken} with why, and left out.
   */
  private static <T> TreeMap<String, T> load(Class<T> type, Function<T, String> nameOf,
      Consumer<String> broken) {
    TreeMap<String, T> known = new TreeMap<>();
    var iterator = ServiceLoader.load(type, classLoader()).iterator();
    while (true) {
      try {
        if (!iterator.hasNext()) {
          break;
        }
        T candidate = iterator.next();
        known.put(nameOf.apply(candidate), candidate);
      } catch (ServiceConfigurationError | LinkageError e) {
        broken.accept(e.getMessage());
      }
    }
    return known;
  }

  private static <T> Map<String, String> catalogue(Class<T> type, Function<T, String> name,
      Function<T, String> description) {
    TreeMap<String, String> out = new TreeMap<>();
    for (T t : ServiceLoader.load(type, classLoader())) {
      out.put(name.apply(t), description.apply(t));
    }
    return out;
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : Extensions.class.getClassLoader();
  }
}
