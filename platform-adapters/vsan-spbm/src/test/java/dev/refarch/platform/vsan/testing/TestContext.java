package dev.refarch.platform.vsan.testing;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link HookContext} for tests: fixed settings and phase, recorded state and log lines kept
 * for assertions. Thread-safe.
 */
public final class TestContext implements HookContext {

  private final Phase phase;
  private final Map<String, String> settings;
  private final String component;
  private final List<String> log = new CopyOnWriteArrayList<>();
  private volatile PlatformState state;

  private TestContext(Phase phase, Map<String, String> settings, String component,
      PlatformState state) {
    this.phase = phase;
    this.settings = Map.copyOf(settings);
    this.component = component;
    this.state = state;
  }

  /** A context for {@code component}'s hook in {@code phase}. */
  public static TestContext of(String component, Phase phase, Map<String, String> settings) {
    return new TestContext(phase, settings, component, PlatformState.empty());
  }

  /** The same state and log in another phase, as the runner carries them from load to run. */
  public TestContext in(Phase next) {
    TestContext copy = new TestContext(next, settings, component, state);
    copy.log.addAll(log);
    return copy;
  }

  /** A copy with one setting changed. */
  public TestContext with(String key, String value) {
    Map<String, String> changed = new HashMap<>(settings);
    changed.put(key, value);
    return new TestContext(phase, changed, component, state);
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
    state = state.with(component, key, value);
  }

  @Override
  public PlatformState state() {
    return state;
  }

  /** The facts this context's component recorded. */
  public Map<String, String> facts() {
    return state.of(component);
  }

  @Override
  public void log(String message) {
    log.add(message);
  }

  public List<String> logLines() {
    return List.copyOf(log);
  }
}
