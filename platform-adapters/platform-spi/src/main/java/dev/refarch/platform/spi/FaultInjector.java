package dev.refarch.platform.spi;

import java.util.List;
import java.util.Set;

/**
 * Breaks members of a deployment on purpose: kills, pauses or steps down a process, powers off a
 * VM, fails a drive, deletes a pod.
 *
 * <p>Implementations are thread-safe: a fault schedule may fire from its own thread while the
 * workload runs. Targets are resolved when the fault is injected, not when it is scheduled, so
 * "primary" means the primary at that moment.
 */
public interface FaultInjector {

  /** Short lower-case name, e.g. {@code local}, {@code vsan}, {@code santricity}. */
  String name();

  /**
   * An injector configured with {@code settings} (the experiment's properties; the injector reads
   * the keys under its own prefix). Injectors found through {@link java.util.ServiceLoader} are
   * unconfigured; the default returns this instance unchanged.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for bad settings, before
   *     anything is done
   */
  default FaultInjector configure(java.util.Map<String, String> settings) {
    return this;
  }

  /** The actions this injector supports, e.g. {@code kill}, {@code pause}, {@code stepdown}. */
  Set<String> actions();

  /** The member names targets may resolve to, in a stable order. */
  List<String> members();

  /**
   * Carries out the fault and returns when it has taken effect. An injector that waits for the
   * platform to recover before returning (e.g. a recreated pod to be Ready) puts what it measured
   * into the event's {@link FaultEvent#durationsMs()}.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown action or
   *     target, before anything is done
   * @throws PlatformException when the platform refused or failed
   */
  FaultEvent inject(Fault fault);

  /**
   * Undoes what this injector's faults still hold in place — packet filters, throttled disks,
   * paused members — so that the next trial finds the platform as it was. The trial runner calls
   * it when a trial ends, also when the trial failed midway; a schedule that repaired everything
   * leaves nothing to do. The default has nothing to undo.
   *
   * @return one line per thing undone, for the trial's record; empty when nothing was
   * @throws PlatformException naming what could not be undone, after trying everything
   */
  default List<String> restore() {
    return List.of();
  }

  /**
   * An injector for a cluster that takes no faults: no actions, no members, and every fault
   * refused with one message naming the fault and {@code allowed}.
   *
   * @param name the injector's name, e.g. {@code none}
   * @param allowed what the refusal says is allowed instead
   */
  static FaultInjector none(String name, String allowed) {
    return new FaultInjector() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Set<String> actions() {
        return Set.of();
      }

      @Override
      public List<String> members() {
        return List.of();
      }

      @Override
      public FaultEvent inject(Fault fault) {
        throw new dev.refarch.platform.spi.config.ConfigurationException("faults",
            fault.action() + " " + fault.target(), allowed);
      }
    };
  }
}
