package dev.refarch.platform.santricity;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PlatformState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A {@link HookContext} that keeps what a hook records and logs, for assertions. */
public final class RecordingContext implements HookContext {

  private final Map<String, String> settings;
  private final Map<String, String> facts = new TreeMap<>();
  private final List<String> log = new ArrayList<>();
  private Phase phase;

  public RecordingContext(Phase phase, Map<String, String> settings) {
    this.phase = phase;
    this.settings = Map.copyOf(settings);
  }

  /** The same context moved on to another phase, keeping what was recorded. */
  public RecordingContext in(Phase next) {
    phase = next;
    return this;
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
    facts.put(key, value);
  }

  @Override
  public synchronized PlatformState state() {
    PlatformState state = PlatformState.empty();
    for (var e : facts.entrySet()) {
      state = state.with("santricity", e.getKey(), e.getValue());
    }
    return state;
  }

  @Override
  public synchronized void log(String message) {
    log.add(message);
  }

  public synchronized Map<String, String> facts() {
    return new TreeMap<>(facts);
  }

  public synchronized String fact(String key) {
    return facts.get(key);
  }

  public synchronized List<String> logLines() {
    return List.copyOf(log);
  }
}
