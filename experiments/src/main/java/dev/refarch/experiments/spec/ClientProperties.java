package dev.refarch.experiments.spec;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.util.List;
import java.util.Set;

/**
 * Settings of the client JVMs a trial forks, read by the runner and never passed to YCSB. The
 * README's property table lists {@link #GROUP}.
 *
 * <p>Stateless and thread-safe.
 */
public final class ClientProperties {

  /** Options that would replace what the runner itself gives the JVM: its class path and main. */
  private static final Set<String> RUNNER_OWNS = Set.of("-cp", "-classpath", "--class-path",
      "-jar", "-p", "--module-path", "-m", "--module");

  /**
   * The options of every client JVM, whitespace-separated. The default heap suits the laptop
   * catalog; a client with hundreds of threads may need more. Compiler settings are the other
   * use: a trial client's CPU is largely its JIT compiler's (src/docs/benchmarks.md).
   */
  public static final Setting<List<String>> JVM_OPTIONS = Setting.custom(
      "refarch.client.jvmOptions", "options", List.of("-Xmx512m"),
      "JVM options, whitespace-separated, each starting with '-' (e.g. \"-Xmx2g"
          + " -XX:TieredStopAtLevel=1\"); not the class path, a jar or a module, which the runner"
          + " sets", "options of every forked client JVM (local clients and Kubernetes client"
          + " pods), replacing the default -Xmx512m", ClientProperties::parseOptions);

  /**
   * Whether a local client runs in a JVM kept warm from earlier phases and trials, which has
   * compiled the client's code already, or in a JVM of its own, as YCSB's scripts start it. A
   * fresh client JVM spent 43-47 % of a trial's client CPU compiling (src/docs/benchmarks.md).
   */
  public static final Setting<Boolean> REUSE = Setting.bool("refarch.client.reuse", true,
      "local clients run in JVMs kept warm across phases and trials (same JVM options), each"
          + " phase YCSB's client flow with fresh measurements; false: a JVM forked per client"
          + " and phase, running YCSB's Client unchanged. Kubernetes clients are pods per phase"
          + " either way");

  public static final SettingGroup GROUP = SettingGroup.of("refarch.client.", JVM_OPTIONS, REUSE);

  private ClientProperties() {
  }

  static List<String> parseOptions(String raw) {
    List<String> options = List.of(raw.trim().split("\\s+"));
    if (raw.isBlank()) {
      throw new IllegalArgumentException("at least one option, e.g. -Xmx512m");
    }
    for (String o : options) {
      if (!o.startsWith("-") || o.length() < 2) {
        throw new IllegalArgumentException("'" + o + "' is not a JVM option: each starts with '-'"
            + " (e.g. -Xmx2g)");
      }
      if (RUNNER_OWNS.contains(o) || o.startsWith("--class-path=") || o.startsWith("--module=")
          || o.startsWith("--module-path=")) {
        throw new IllegalArgumentException("'" + o + "' is the runner's to set: the class path,"
            + " a jar or a module");
      }
    }
    return options;
  }
}
