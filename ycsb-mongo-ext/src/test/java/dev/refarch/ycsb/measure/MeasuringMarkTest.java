package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Status;

/** A client marks the start of its measured window when its first measured operation ends. */
class MeasuringMarkTest {

  @TempDir
  Path dir;

  @Test
  void theMarkAppearsWithTheFirstOperationAfterTheWarmUpNotBefore() throws Exception {
    ThreadMeter meter = MeasurementSession.join(new MeasurementSettings(dir, 100, 1000,
        Warmup.operations(2), 0, false));
    try {
      assertThat(MeasuringMark.isSet(dir)).as("before any operation").isFalse();
      meter.record(Operation.READ, meter.start(), Status.OK);
      meter.record(Operation.READ, meter.start(), Status.ERROR);
      assertThat(MeasuringMark.isSet(dir)).as("after the two warm-up operations").isFalse();
      meter.record(Operation.UPDATE, meter.start(), Status.OK);
      assertThat(MeasuringMark.isSet(dir)).as("after the first measured one").isTrue();
    } finally {
      MeasurementSession.leave(meter);
    }
    // the mark holds the measured window's start, as the summary gives it afterwards
    long summaryFrom = new ObjectMapper().readTree(dir.resolve(MeasurementSession.SUMMARY_JSON)
        .toFile()).get("measuredFromEpochMs").asLong();
    assertThat(MeasuringMark.measuredFrom(dir)).hasValue(summaryFrom);
    assertThat(summaryFrom).isPositive();
  }

  @Test
  void aMarkWithoutATimeIsSetButSaysNoStart() throws Exception {
    Files.createFile(dir.resolve(MeasuringMark.FILE));
    assertThat(MeasuringMark.isSet(dir)).isTrue();
    assertThat(MeasuringMark.measuredFrom(dir)).isEmpty();
    assertThat(MeasuringMark.measuredFrom(dir.resolve("nowhere"))).isEmpty();
  }
}
