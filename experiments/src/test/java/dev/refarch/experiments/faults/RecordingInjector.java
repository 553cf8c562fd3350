package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test double of a platform's fault injector: records what it was asked and with which settings. */
public class RecordingInjector implements FaultInjector {

  static final List<String> INJECTED = new CopyOnWriteArrayList<>();

  private final String prefix;
  private final String name;

  public RecordingInjector() {
    this("unconfigured");
  }

  RecordingInjector(String prefix) {
    this(prefix, "recorder");
  }

  /** @param name the injector's name; the one on the class path is {@code recorder} */
  RecordingInjector(String prefix, String name) {
    this.prefix = prefix;
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public FaultInjector configure(Map<String, String> settings) {
    return new RecordingInjector(settings.getOrDefault("recorder.site", "none"));
  }

  @Override
  public Set<String> actions() {
    return Set.of("zap");
  }

  @Override
  public List<String> members() {
    return List.of("m1");
  }

  @Override
  public FaultEvent inject(Fault fault) {
    INJECTED.add(prefix + " " + fault.action() + " " + fault.target());
    return new FaultEvent(System.currentTimeMillis(), fault.action(), fault.target(), "m1", "zapped");
  }
}
