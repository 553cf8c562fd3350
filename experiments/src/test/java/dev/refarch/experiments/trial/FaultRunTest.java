package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.faults.FaultReports;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultRunTest {

  @Test
  void eventsCsvEndsEachLineWithThePlatformSideDurationsInTheInjectorsOrder() {
    assertThat(FaultRun.eventsCsv(List.of(FaultReports.nodeFailure())).split("\n"))
        .containsExactly("epoch_ms,phase,action,target,member,election_ms,operation,"
            + "interruption_ms,recovery_ms,resumed,platform_ms",
            "1795242114815,run,node-failure,primary,refarch-rs0-1,9120,READ,10200,10300,true,"
                + "podReady=41873;volumeAttached=12000");
  }

  @Test
  void eventsCsvLeavesPlatformMsEmptyWhenTheInjectorMeasuredNothing() {
    assertThat(FaultRun.eventsCsv(List.of(FaultReports.kill())).split("\n"))
        .containsExactly("epoch_ms,phase,action,target,member,election_ms,operation,"
            + "interruption_ms,recovery_ms,resumed,platform_ms",
            "1795242170000,run,kill,primary,rs0-0,,,,,,");
  }

  @Test
  void everyEventsCsvLineHasAsManyColumnsAsTheHeader() {
    String csv = FaultRun.eventsCsv(List.of(FaultReports.nodeFailure(), FaultReports.kill()));
    assertThat(csv.lines()).hasSize(3)
        .allSatisfy(line -> assertThat(line.split(",", -1)).hasSize(11));
  }

  /** An injector that holds one thing in place until restored, or fails to restore it. */
  private static FaultInjector holding(boolean failing) {
    return new FaultInjector() {
      @Override
      public String name() {
        return "holding";
      }

      @Override
      public java.util.Set<String> actions() {
        return java.util.Set.of("isolate");
      }

      @Override
      public List<String> members() {
        return List.of("rs0-0");
      }

      @Override
      public FaultEvent inject(Fault fault) {
        throw new UnsupportedOperationException();
      }

      @Override
      public List<String> restore() {
        if (failing) {
          throw new PlatformException("restore rs0-0", "the namespace is gone");
        }
        return List.of("rs0-0: packet filters lifted");
      }
    };
  }

  @Test
  void restoreAsksTheInjectorAndAFailureToUndoBecomesATrialFailure() {
    List<String> failures = new ArrayList<>();
    new FaultRun(FaultSchedule.parse("1s isolate primary"), holding(false), null, Map.of())
        .restore("t1", failures);
    assertThat(failures).isEmpty();

    new FaultRun(FaultSchedule.parse("1s isolate primary"), holding(true), null, Map.of())
        .restore("t1", failures);
    assertThat(failures).containsExactly("restoring the platform after the trial failed: restore"
        + " rs0-0: the namespace is gone");
  }
}
