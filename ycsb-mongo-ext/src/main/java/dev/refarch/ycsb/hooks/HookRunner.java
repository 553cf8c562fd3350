package dev.refarch.ycsb.hooks;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.Setting;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the platform hooks of one run around its phases, keeping the SPI's promises: every hook's
 * settings are validated before any hook changes anything; {@code before} runs in the order given;
 * {@code after} runs in reverse order for every hook whose {@code before} was called — also when
 * that {@code before} threw, and also when the phase failed.
 *
 * <p>Thread-safe: phase calls are serialised on the runner.
 *
 * <pre>{@code
 * HookRunner hooks = HookRunner.resolve("vsan-spbm,santricity", settings);
 * hooks.before(Phase.RUN);
 * PhaseOutcome outcome = runWorkload();
 * hooks.after(Phase.RUN, outcome);
 * PlatformState state = hooks.state();
 * }</pre>
 */
public final class HookRunner {

  /** The property naming the hooks, comma-separated, e.g. {@code -p hooks=vsan-spbm}. */
  public static final Setting<String> HOOKS = Setting.custom("hooks", "names", "",
      "hook names separated by commas, none empty", "platform hooks run around each phase,"
          + " comma-separated names", HookRunner::parseNames);

  private final List<PlatformHook> hooks;
  private final Map<String, String> settings;
  private final Consumer<String> log;
  private final Deque<PlatformHook> started = new ArrayDeque<>();
  private PlatformState state = PlatformState.empty();

  private HookRunner(List<PlatformHook> hooks, Map<String, String> settings, Consumer<String> log) {
    this.hooks = List.copyOf(hooks);
    this.settings = Map.copyOf(settings);
    this.log = log;
  }

  /**
   * Finds the named hooks and validates their settings; changes nothing.
   *
   * @param names comma-separated hook names; blank for none
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown name (listing
   *     the known ones) or a bad hook setting
   */
  public static HookRunner resolve(String names, Map<String, String> settings) {
    return resolve(names, settings, line -> System.err.println(Redaction.maskUri(line)));
  }

  /** As {@link #resolve(String, Map)}, with the operator log going to {@code log}. */
  public static HookRunner resolve(String names, Map<String, String> settings, Consumer<String> log) {
    List<PlatformHook> hooks = new ArrayList<>();
    if (names != null && !names.isBlank()) {
      for (String name : Arrays.stream(names.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList()) {
        hooks.add(Extensions.find(PlatformHook.class, HOOKS.key(), name, PlatformHook::name));
      }
    }
    for (PlatformHook hook : hooks) {
      hook.validate(settings);
    }
    return new HookRunner(hooks, settings, log);
  }

  private static String parseNames(String raw) {
    List<String> names = Arrays.stream(raw.split(",", -1)).map(String::trim).toList();
    if (names.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException("hook names separated by commas, none empty");
    }
    return String.join(",", names);
  }

  public boolean isEmpty() {
    return hooks.isEmpty();
  }

  /** Hook names in order. */
  public List<String> names() {
    return hooks.stream().map(PlatformHook::name).toList();
  }

  /**
   * Runs {@code before} of each hook in order. When one throws, {@code after} runs at once for
   * every hook started so far (reverse order, outcome failed) and the failure is rethrown.
   *
   * @throws PlatformException naming the hook that failed
   */
  public synchronized void before(Phase phase) {
    started.clear();
    for (PlatformHook hook : hooks) {
      started.push(hook);
      try {
        hook.before(context(hook, phase));
      } catch (Exception e) {
        String reason = "hook " + hook.name() + " before " + phase.label() + " failed: " + message(e);
        List<String> restoreFailures = runAfter(phase, PhaseOutcome.failed(reason));
        PlatformException failure = new PlatformException("hook " + hook.name() + " before "
            + phase.label(), message(e) + restoreNote(restoreFailures), e);
        throw failure;
      }
    }
  }

  /**
   * Runs {@code after} in reverse order for every hook whose {@code before} ran. Every hook gets
   * its call even when an earlier one throws.
   *
   * @throws PlatformException listing the hooks whose {@code after} failed
   */
  public synchronized void after(Phase phase, PhaseOutcome outcome) {
    List<String> failures = runAfter(phase, outcome);
    if (!failures.isEmpty()) {
      throw new PlatformException("hooks after " + phase.label(), String.join("; ", failures));
    }
  }

  private List<String> runAfter(Phase phase, PhaseOutcome outcome) {
    List<String> failures = new ArrayList<>();
    while (!started.isEmpty()) {
      PlatformHook hook = started.pop();
      try {
        hook.after(context(hook, phase), outcome);
      } catch (Exception e) {
        failures.add(hook.name() + ": " + message(e));
      }
    }
    return failures;
  }

  private static String restoreNote(List<String> restoreFailures) {
    return restoreFailures.isEmpty() ? "; the hooks started before it were restored"
        : "; restoring failed too: " + String.join("; ", restoreFailures);
  }

  private static String message(Exception e) {
    return Redaction.maskUri(e.getMessage() == null ? e.getClass().getName() : e.getMessage());
  }

  /** Everything the hooks recorded so far. */
  public synchronized PlatformState state() {
    return state;
  }

  private synchronized void record(String component, String key, String value) {
    state = state.with(component, key, Redaction.maskUri(value));
  }

  private HookContext context(PlatformHook hook, Phase phase) {
    return new HookContext() {
      @Override
      public Phase phase() {
        return phase;
      }

      @Override
      public Map<String, String> settings() {
        return settings;
      }

      @Override
      public void record(String key, String value) {
        HookRunner.this.record(hook.name(), key, value);
      }

      @Override
      public PlatformState state() {
        return HookRunner.this.state();
      }

      @Override
      public void log(String message) {
        log.accept("[" + hook.name() + "] " + message);
      }
    };
  }
}
