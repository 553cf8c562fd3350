package dev.refarch.platform.vsan.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.Xml;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** How one {@code VsanPerfEntityMetricCSV} of a {@code VsanPerfQueryPerf} answer is read. */
class PerfSeriesParsingTest {

  private static Element entity(String sampleInfo, String values) {
    String xml = "<returnval xmlns=\"urn:vsan\"><entityRefId>virtual-machine:42</entityRefId>"
        + "<sampleInfo>" + sampleInfo + "</sampleInfo><value><metricId><label>iopsRead</label>"
        + "<metricsCollectInterval>300</metricsCollectInterval></metricId><values>" + values
        + "</values></value></returnval>";
    return Xml.parse(xml.getBytes(StandardCharsets.UTF_8)).getDocumentElement();
  }

  @Test
  void readsTimesInUtcValuesInOrderAndGapsAsEmpty() {
    PerfSeries s = PerfClient.series(entity("2026-11-29 10:00:00,2026-11-29 10:05:00,"
        + "2026-11-29 10:10:00", "12.5,None,3"));

    assertThat(s.entityId()).isEqualTo("42");
    assertThat(s.intervalSeconds()).isEqualTo(300);
    assertThat(s.times()).containsExactly(Instant.parse("2026-11-29T10:00:00Z"),
        Instant.parse("2026-11-29T10:05:00Z"), Instant.parse("2026-11-29T10:10:00Z"));
    assertThat(s.values().get("iopsRead")).containsExactly(OptionalDouble.of(12.5),
        OptionalDouble.empty(), OptionalDouble.of(3));
  }

  @Test
  void aSeriesWithoutValuesIsAllGaps() {
    PerfSeries s = PerfClient.series(entity("2026-11-29 10:00:00,2026-11-29 10:05:00", ""));

    assertThat(s.values().get("iopsRead")).containsExactly(OptionalDouble.empty(),
        OptionalDouble.empty());
  }

  @Test
  void refusesValuesThatDoNotMatchTheTimesAndTimesItCannotRead() {
    assertThatThrownBy(() -> PerfClient.series(entity("2026-11-29 10:00:00", "1,2")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("virtual-machine:42 iopsRead has 2 values for 1 sample times");
    assertThatThrownBy(() -> PerfClient.series(entity("2026-11-29T10:00:00Z", "1")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("'2026-11-29T10:00:00Z' that is not yyyy-MM-dd HH:mm:ss");
  }

  @Test
  void mapsTheServicesUnitsToTheProjectsAndLeavesOutWhatItCannotRecord() {
    assertThat(MetricUnit.of("number", "iopsRead")).contains(new MetricUnit("/s", 1));
    assertThat(MetricUnit.of("number", "oio")).contains(new MetricUnit("1", 1));
    assertThat(MetricUnit.of("rate_bytes", "throughputRead"))
        .contains(new MetricUnit("bytes/s", 1));
    assertThat(MetricUnit.of("time_ms", "latencyRead")).contains(new MetricUnit("ms", 1));
    assertThat(MetricUnit.of("permille", "congestion")).contains(new MetricUnit("%", 0.1));
    assertThat(MetricUnit.of("VsanPerfStatsUnitType_Unknown", "iopsRead")).isEmpty();
  }
}
