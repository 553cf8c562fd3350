package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.faults.FaultReports;
import java.util.List;
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
}
