package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.Phase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Fault reports as the runner makes them, for the tests of the formats that write them. */
public final class FaultReports {

  private FaultReports() {
  }

  /**
   * A Kubernetes node failure of the primary: the platform measured the pod Ready again after
   * 41873 ms, then a second figure after it (to show order is kept); election after 9120 ms; READ
   * interrupted for 10200 ms.
   */
  public static FaultReport nodeFailure() {
    Map<String, Long> durations = new LinkedHashMap<>();
    durations.put("podReady", 41_873L);
    durations.put("volumeAttached", 12_000L);
    FaultEvent event = new FaultEvent(1_795_242_114_815L, "node-failure", "primary",
        "refarch-rs0-1", "took node w3 out of service (cordon + taint)", durations);
    return new FaultReport(Phase.RUN, event, "", Optional.of(9_120L),
        Map.of("READ", new Interruption("READ", 200.0, 10_200, Optional.of(10_300L), 102, true)));
  }

  /** A local kill of the primary, which measures nothing on the platform side; no timeline. */
  public static FaultReport kill() {
    FaultEvent event = new FaultEvent(1_795_242_170_000L, "kill", "primary", "rs0-0",
        "SIGKILL pid 2515 (was primary)");
    return new FaultReport(Phase.RUN, event, "", Optional.empty(), Map.of());
  }
}
