package dev.refarch.ycsb.sharding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.ycsb.workloads.KeySpace;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class SplitPointsTest {

  /** Records per chunk when every loaded key is put in the chunk the split points give it. */
  private static long[] perChunk(KeySpace keys, List<String> points) {
    long[] counts = new long[points.size() + 1];
    for (long ordinal = 0; ordinal < keys.recordCount(); ordinal++) {
      String key = keys.keyName(ordinal);
      int chunk = 0;
      while (chunk < points.size() && key.compareTo(points.get(chunk)) >= 0) {
        chunk++;
      }
      counts[chunk]++;
    }
    return counts;
  }

  @ParameterizedTest(name = "insertorder={0}, zeropadding={1}")
  @CsvSource({"ordered, 8", "hashed, 1", "ordered, 1"})
  void chunksGetEqualRecordCounts(String order, String padding) {
    KeySpace keys = KeySpace.fromProperties(Map.of("insertorder", order, "zeropadding", padding,
        "recordcount", "10000"));
    List<String> points = SplitPoints.of(keys, 8);
    assertThat(points).hasSize(7).isSorted();
    assertThat(perChunk(keys, points)).containsOnly(1250L);
  }

  @Test
  void aSampledLargeLoadStillSplitsEvenly() {
    KeySpace keys = KeySpace.fromProperties(Map.of("recordcount", "1000000"));
    long[] counts = perChunk(keys, SplitPoints.of(keys, 10));
    for (long c : counts) {
      assertThat(c).isBetween(99_000L, 101_000L);
    }
  }

  @Test
  void fewerKeysThanChunksGiveFewerPoints() {
    KeySpace keys = KeySpace.fromProperties(Map.of("insertorder", "ordered", "recordcount", "3"));
    assertThat(SplitPoints.of(keys, 8)).containsExactly("user1", "user2");
  }
}
