package dev.refarch.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The time a fault kept part of the cluster broken, shaded on a timeline: from a breaking action
 * (kill, stop, pause, partition, isolate, slow-disk, stepdown, a host or drive failure…) to the
 * next recovery action (restart, resume, heal, restore-disk, power-on, replace…), or, when none followed, to the end of the longest client-observed
 * interruption. A fault with neither gets a window of zero length, drawn as a thin band.
 *
 * <p>Immutable.
 *
 * @param fromEpochMs when the breaking action took effect
 * @param toEpochMs when the window ends; not before {@code fromEpochMs}
 * @param label what broke, e.g. {@code kill primary (127.0.0.1:40001)}
 * @param endedBy what ended it: the recovery's description, {@code interruption end} or
 *     {@code none}
 */
public record FaultWindow(long fromEpochMs, long toEpochMs, String label, String endedBy) {

  /** Actions that undo a fault, across the local, container, vSAN and SANtricity injectors. */
  static final Set<String> RECOVERIES = Set.of("resume", "restart", "start", "heal",
      "restore-disk", "vm-power-on", "host-power-on", "host-exit-maintenance", "host-reconnect",
      "replace-drive");

  public FaultWindow {
    if (toEpochMs < fromEpochMs) {
      throw new IllegalArgumentException("window ends at " + toEpochMs + " before it starts at "
          + fromEpochMs);
    }
  }

  /** Whether {@code action} undoes a fault rather than causing one. */
  public static boolean isRecovery(String action) {
    return RECOVERIES.contains(action);
  }

  /**
   * The windows of a trial's faults, in order. Faults whose injection failed, and recovery
   * actions themselves, open no window.
   */
  public static List<FaultWindow> of(List<TrialFault> faults) {
    List<FaultWindow> windows = new ArrayList<>();
    for (int i = 0; i < faults.size(); i++) {
      TrialFault f = faults.get(i);
      if (!f.injected() || isRecovery(f.action())) {
        continue;
      }
      TrialFault recovery = nextRecovery(faults, i);
      if (recovery != null) {
        windows.add(new FaultWindow(f.epochMs(), Math.max(f.epochMs(), recovery.epochMs()),
            f.describe(), recovery.describe()));
      } else if (f.longestInterruptionMs().orElse(0L) > 0) {
        windows.add(new FaultWindow(f.epochMs(), f.epochMs() + f.longestInterruptionMs().get(),
            f.describe(), "interruption end"));
      } else {
        windows.add(new FaultWindow(f.epochMs(), f.epochMs(), f.describe(), "none"));
      }
    }
    return windows;
  }

  /** The first later recovery on the same member, else the first later recovery at all. */
  private static TrialFault nextRecovery(List<TrialFault> faults, int index) {
    TrialFault broken = faults.get(index);
    TrialFault any = null;
    for (TrialFault later : faults.subList(index + 1, faults.size())) {
      if (!later.injected() || !isRecovery(later.action())) {
        continue;
      }
      if (later.member().equals(broken.member())) {
        return later;
      }
      if (any == null) {
        any = later;
      }
    }
    return any;
  }
}
