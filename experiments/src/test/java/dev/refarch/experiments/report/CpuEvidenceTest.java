package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuEvidenceTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path trial;

  private static JsonNode phase(String... clients) throws IOException {
    StringBuilder names = new StringBuilder();
    for (String c : clients) {
      names.append(names.isEmpty() ? "" : ",").append("{\"name\":\"").append(c).append("\"}");
    }
    return JSON.readTree("{\"clients\":[" + names + "]}");
  }

  private void client(String name, String csv) throws IOException {
    Files.writeString(Files.createDirectories(trial.resolve("clients").resolve(name))
        .resolve("cpu-timeline.csv"), csv);
  }

  private void host(String csv) throws IOException {
    Files.writeString(trial.resolve("host-cpu.csv"), csv);
  }

  /** Two clients and a host file, sampled every second from 10 s to 14 s. */
  private void wellSampledTrial() throws IOException {
    client("run-0", """
        epoch_ms,cpu_seconds,run_delay_seconds
        10000,5.000,1.000
        11000,5.400,1.100
        12000,5.800,1.200
        13000,6.200,1.300
        14000,6.600,1.400
        """);
    client("run-1", """
        epoch_ms,cpu_seconds,run_delay_seconds
        10000,3.000,0.000
        11000,3.600,0.300
        12000,4.200,0.600
        13000,4.800,0.900
        14000,5.400,1.200
        """);
    host("""
        epoch_ms,machine_busy_seconds,cores,procs_running,server_cpu_seconds,server_run_delay_seconds
        10000,100.00,2,3,20.00,2.000
        11000,101.80,2,4,20.60,2.050
        12000,103.60,2,3,21.20,2.100
        13000,105.40,2,5,21.80,2.150
        14000,107.20,2,3,22.40,2.200
        """);
  }

  @Test
  void eachFigureIsItsCountersIncreaseOverTheWindowInterpolatedBetweenSamples() throws Exception {
    wellSampledTrial();
    CpuEvidence e = CpuEvidence.of(phase("run-0", "run-1"), trial, 2, 10_500, 12_500);

    assertThat(e.windowSeconds()).isEqualTo(2.0);
    assertThat(e.clientCpuSeconds().getAsDouble()).isCloseTo(0.8 + 1.2, within(1e-9));
    assertThat(e.clientRunDelaySeconds().getAsDouble()).isCloseTo(0.2 + 0.6, within(1e-9));
    assertThat(e.serverCpuSeconds().getAsDouble()).isCloseTo(1.2, within(1e-9));
    assertThat(e.serverRunDelaySeconds().getAsDouble()).isCloseTo(0.1, within(1e-9));
    assertThat(e.machineBusySeconds().getAsDouble()).isCloseTo(3.6, within(1e-9));
  }

  @Test
  void sharesAreOfAllCoresOverTheWindowAndWaitIsOfRunnableTime() throws Exception {
    wellSampledTrial();
    CpuEvidence e = CpuEvidence.of(phase("run-0", "run-1"), trial, 2, 10_500, 12_500);

    assertThat(e.clientShare().getAsDouble()).isCloseTo(2.0 / 4, within(1e-9));
    assertThat(e.serverShare().getAsDouble()).isCloseTo(1.2 / 4, within(1e-9));
    assertThat(e.machineShare().getAsDouble()).isCloseTo(3.6 / 4, within(1e-9));
    assertThat(e.clientWaitShare().getAsDouble()).isCloseTo(0.8 / (2.0 + 0.8), within(1e-9));
    assertThat(e.serverWaitShare().getAsDouble()).isCloseTo(0.1 / 1.3, within(1e-9));
  }

  @Test
  void aWindowTheSamplesDoNotCoverGivesNoFigures() throws Exception {
    wellSampledTrial();
    CpuEvidence early = CpuEvidence.of(phase("run-0", "run-1"), trial, 2, 9_500, 12_000);
    CpuEvidence late = CpuEvidence.of(phase("run-0", "run-1"), trial, 2, 12_000, 14_001);

    for (CpuEvidence e : new CpuEvidence[] {early, late}) {
      assertThat(e.clientCpuSeconds()).isEmpty();
      assertThat(e.clientRunDelaySeconds()).isEmpty();
      assertThat(e.serverCpuSeconds()).isEmpty();
      assertThat(e.serverRunDelaySeconds()).isEmpty();
      assertThat(e.machineBusySeconds()).isEmpty();
      assertThat(e.clientShare()).isEmpty();
      assertThat(e.clientWaitShare()).isEmpty();
    }
  }

  @Test
  void oneClientWithoutATimelineLeavesTheClientFiguresEmpty() throws Exception {
    wellSampledTrial();
    CpuEvidence e = CpuEvidence.of(phase("run-0", "run-1", "run-2"), trial, 2, 10_500, 12_500);

    assertThat(e.clientCpuSeconds()).isEmpty();
    assertThat(e.clientRunDelaySeconds()).isEmpty();
    assertThat(e.machineBusySeconds()).isPresent();
  }

  @Test
  void aTimelineWrittenBeforeTheRunDelayColumnStillGivesTheClientsCpu() throws Exception {
    client("run-0", """
        epoch_ms,cpu_seconds
        1000,0.000
        2000,1.000
        3000,1.500
        """);
    CpuEvidence e = CpuEvidence.of(phase("run-0"), trial, 2, 1_500, 2_500);

    assertThat(e.clientCpuSeconds().getAsDouble()).isCloseTo(0.75, within(1e-9));
    assertThat(e.clientRunDelaySeconds()).isEmpty();
    assertThat(e.clientWaitShare()).isEmpty();
    assertThat(ClientCpu.read(trial.resolve("clients/run-0/cpu-timeline.csv"))).hasSize(3);
  }

  @Test
  void emptyCellsGiveEmptyFiguresAndTheFilledColumnsStand() throws Exception {
    client("run-0", """
        epoch_ms,cpu_seconds,run_delay_seconds
        1000,0.000,
        2000,1.000,
        3000,1.500,
        """);
    host("""
        epoch_ms,machine_busy_seconds,cores,procs_running,server_cpu_seconds,server_run_delay_seconds
        1000,10.00,2,1,,
        2000,11.00,2,1,,
        3000,12.00,2,1,,
        """);
    CpuEvidence e = CpuEvidence.of(phase("run-0"), trial, 2, 1_000, 3_000);

    assertThat(e.clientCpuSeconds().getAsDouble()).isCloseTo(1.5, within(1e-9));
    assertThat(e.machineBusySeconds().getAsDouble()).isCloseTo(2.0, within(1e-9));
    assertThat(e.clientRunDelaySeconds()).isEmpty();
    assertThat(e.serverCpuSeconds()).isEmpty();
    assertThat(e.serverRunDelaySeconds()).isEmpty();
    assertThat(e.serverShare()).isEmpty();
  }

  /** A server killed mid-trial: its columns end, and only windows before that are covered. */
  @Test
  void serverColumnsThatStopPartWayCoverOnlyTheWindowsBefore() throws Exception {
    host("""
        epoch_ms,machine_busy_seconds,cores,procs_running,server_cpu_seconds,server_run_delay_seconds
        1000,10.00,2,1,5.00,0.100
        2000,11.00,2,1,5.50,0.200
        3000,12.00,2,1,,
        4000,13.00,2,1,,
        """);

    assertThat(CpuEvidence.of(phase(), trial, 2, 1_000, 2_000).serverCpuSeconds().getAsDouble())
        .isCloseTo(0.5, within(1e-9));
    assertThat(CpuEvidence.of(phase(), trial, 2, 1_000, 3_000).serverCpuSeconds()).isEmpty();
  }

  @Test
  void aLineCutShortByAKilledWriterIsSkipped() throws Exception {
    client("run-0", "epoch_ms,cpu_seconds,run_delay_seconds\n1000,0.000,0.000\n2000,1.000,0.500\n"
        + "3000,2.000,1.000\n30");
    CpuEvidence e = CpuEvidence.of(phase("run-0"), trial, 1, 1_000, 3_000);

    assertThat(e.clientCpuSeconds().getAsDouble()).isCloseTo(2.0, within(1e-9));
    assertThat(e.clientRunDelaySeconds().getAsDouble()).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void noFilesGiveNoFigures() throws Exception {
    CpuEvidence e = CpuEvidence.of(phase("run-0"), trial, 2, 1_000, 2_000);

    assertThat(e.clientCpuSeconds()).isEmpty();
    assertThat(e.machineBusySeconds()).isEmpty();
    assertThat(e.machineShare()).isEmpty();
  }

  @Test
  void rejectsAnEmptyWindowAndFewerThanOneCore() {
    assertThatThrownBy(() -> CpuEvidence.of(phase("run-0"), trial, 2, 2_000, 2_000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[2000, 2000)");
    assertThatThrownBy(() -> CpuEvidence.of(phase("run-0"), trial, 0, 1_000, 2_000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cores is 0");
  }
}
