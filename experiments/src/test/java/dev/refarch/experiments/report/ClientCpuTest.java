package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientCpuTest {

  private static final List<ClientCpu.Sample> SAMPLES = List.of(
      new ClientCpu.Sample(1_000, 0.0), new ClientCpu.Sample(2_000, 4.0),
      new ClientCpu.Sample(3_000, 5.0), new ClientCpu.Sample(4_000, 5.5));

  @Test
  void cpuBetweenTwoInstantsInterpolatesBetweenSamples() {
    assertThat(ClientCpu.between(SAMPLES, 1_500, 3_500).getAsDouble()).isCloseTo(5.25 - 2.0,
        within(1e-9));
    assertThat(ClientCpu.between(SAMPLES, 2_000, 3_000).getAsDouble()).isCloseTo(1.0,
        within(1e-9));
  }

  @Test
  void samplesThatDoNotCoverTheWindowGiveNothing() {
    assertThat(ClientCpu.between(SAMPLES, 500, 3_000)).isEmpty();
    assertThat(ClientCpu.between(SAMPLES, 2_000, 4_500)).isEmpty();
    assertThat(ClientCpu.between(SAMPLES.subList(0, 1), 1_000, 1_000)).isEmpty();
  }

  /**
   * A client that burnt 8 of its 12 CPU seconds starting up: over the 8 s phase on 2 cores it
   * used 75 %, in the 4 s measured window (2 s of CPU) 25 %.
   */
  @Test
  void theShareCountsTheMeasuredWindowWhenEveryClientLeftATimeline(@TempDir Path dir)
      throws Exception {
    JsonNode phase = new ObjectMapper().readTree("""
        {"startedEpochMs": 1000, "endedEpochMs": 9000,
         "clients": [{"name": "run-0", "cpuSeconds": 12.0}],
         "summary": {"measuredFromEpochMs": 4000, "endEpochMs": 8000}}""");
    assertThat(ClientCpu.share(phase, dir, 2).getAsDouble()).as("no timeline: the whole phase")
        .isCloseTo(0.75, within(1e-9));
    Path client = Files.createDirectories(dir.resolve("clients/run-0"));
    Files.writeString(client.resolve("cpu-timeline.csv"), """
        epoch_ms,cpu_seconds
        1000,0.000
        3000,7.000
        4000,8.000
        8000,10.000
        9000,12.000
        9100,12.0""");
    assertThat(ClientCpu.share(phase, dir, 2).getAsDouble()).isCloseTo(0.25, within(1e-9));
  }
}
