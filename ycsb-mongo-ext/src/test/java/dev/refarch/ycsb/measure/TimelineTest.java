package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineTest {

  @Test
  void bucketsByAbsoluteEpochMillisAndFillsGapsWithZeros() {
    Timeline t = new Timeline(1000);
    t.add(10_000_250, "READ", "OK", 3);
    t.add(10_000_999, "READ", "ERROR", 1);
    t.add(10_003_001, "READ", "OK", 2);
    t.add(10_003_500, "UPDATE", "OK", 1);
    List<Timeline.Row> rows = t.rows();
    assertThat(rows).extracting(Timeline.Row::epochMs).containsExactly(10_000_000L, 10_000_000L,
        10_001_000L, 10_001_000L, 10_002_000L, 10_002_000L, 10_003_000L, 10_003_000L);
    assertThat(rows.get(0).operation()).isEqualTo("READ");
    assertThat(rows.get(0).successes()).isEqualTo(3);
    assertThat(rows.get(0).failures()).isEqualTo(1);
    assertThat(rows.get(2).successes() + rows.get(2).failures()).as("gap").isZero();
  }

  @Test
  void notFoundCountsAsSuccessAndServiceUnavailableAsFailure() {
    Timeline t = new Timeline(100);
    t.add(0, "READ", "NOT_FOUND", 2);
    t.add(0, "READ", "SERVICE_UNAVAILABLE", 5);
    assertThat(t.rows().get(0).successes()).isEqualTo(2);
    assertThat(t.rows().get(0).failures()).isEqualTo(5);
  }

  @Test
  void mergeAddsCountsOfTheSameBucket() {
    Timeline a = new Timeline(1000);
    a.add(5_000, "READ", "OK", 1);
    Timeline b = new Timeline(1000);
    b.add(5_500, "READ", "OK", 2);
    b.add(7_000, "READ", "ERROR", 1);
    a.addAll(b);
    assertThat(a.rows()).extracting(r -> r.epochMs() + ":" + r.successes() + "/" + r.failures())
        .containsExactly("5000:3/0", "6000:0/0", "7000:0/1");
  }

  @Test
  void refusesToMergeDifferentResolutions() {
    assertThatThrownBy(() -> new Timeline(1000).addAll(new Timeline(100)))
        .hasMessageContaining("100 ms and 1000 ms");
  }

  @Test
  void csvRoundTrips(@TempDir Path dir) throws Exception {
    Timeline t = new Timeline(1000);
    t.add(1_700_000_000_123L, "READ", "OK", 7);
    t.add(1_700_000_002_000L, "UPDATE", "SERVICE_UNAVAILABLE", 2);
    Path csv = dir.resolve("timeline.csv");
    t.writeCsv(csv);
    assertThat(Files.readAllLines(csv)).containsExactly(
        "epoch_ms,operation,successes,failures,OK,SERVICE_UNAVAILABLE",
        "1700000000000,READ,7,0,7,0", "1700000000000,UPDATE,0,0,0,0",
        "1700000001000,READ,0,0,0,0", "1700000001000,UPDATE,0,0,0,0",
        "1700000002000,READ,0,0,0,0", "1700000002000,UPDATE,0,2,0,2");
    assertThat(Timeline.readCsv(csv, 1000).rows()).isEqualTo(t.rows());
  }
}
