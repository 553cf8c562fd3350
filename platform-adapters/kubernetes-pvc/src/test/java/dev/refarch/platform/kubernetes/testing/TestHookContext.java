package dev.refarch.platform.kubernetes.testing;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A {@link HookContext} for one hook in tests: keeps what it records and logs. */
public final class TestHookContext implements HookContext {

  private final Phase phase;
  private final Map<String, String> settings;
  private final String hook;
  private PlatformState state;
  public final List<String> logs = new ArrayList<>();

  public TestHookContext(String hook, Phase phase, Map<String, String> settings,
      PlatformState state) {
    this.hook = hook;
    this.phase = phase;
    this.settings = Map.copyOf(settings);
    this.state = state;
  }

  /** The same hook's context for another phase, keeping what was recorded. */
  public TestHookContext next(Phase next) {
    return new TestHookContext(hook, next, settings, state);
  }

  @Override
  public Phase phase() {
    return phase;
  }

  @Override
  public Map<String, String> settings() {
    return settings;
  }

  @Override
  public synchronized void record(String key, String value) {
    state = state.with(hook, key, value);
  }

  @Override
  public synchronized PlatformState state() {
    return state;
  }

  /** What the hook recorded. */
  public synchronized Map<String, String> facts() {
    return state.of(hook);
  }

  @Override
  public void log(String message) {
    logs.add(message);
  }
}
