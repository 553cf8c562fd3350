package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden files seal the summary formats: a fixed-seed summary must render byte for byte as
 * {@code golden/summary.json} and {@code golden/summary.csv}, in the root locale and in a locale
 * that writes decimals with a comma. Changing a golden file is a deliberate, reviewed change.
 */
class SummaryFormatsTest {

  private final Locale original = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(original);
  }

  static Summary fixture() {
    Random random = new Random(7);
    Histogram read = new Histogram(3);
    Histogram readResponse = new Histogram(3);
    Histogram update = new Histogram(3);
    for (int i = 0; i < 10_000; i++) {
      long v = (long) (250_000 * Math.exp(0.6 * random.nextGaussian()));
      read.recordValue(v);
      readResponse.recordValue(v + (i % 100 == 0 ? 5_000_000 : 0));
      update.recordValue(v * 4);
    }
    return new Summary(1_700_000_000_000L, 1_700_000_010_000L, 1_700_000_070_000L,
        Warmup.seconds(10), 1234,
        List.of(new OperationSummary("READ", Map.of("OK", 9_990L, "NOT_FOUND", 10L), 166.667,
                LatencyStats.of(read), Optional.of(LatencyStats.of(readResponse))),
            new OperationSummary("UPDATE", Map.of("OK", 10_000L, "ERROR", 3L), 166.717,
                LatencyStats.of(update), Optional.of(LatencyStats.of(update)))),
        List.of("a note"));
  }

  /** A workload-E-like summary: scans with documents and bytes per scan, and inserts. */
  static Summary scanFixture() {
    Random random = new Random(11);
    Histogram scan = new Histogram(3);
    Histogram documents = new Histogram(3);
    Histogram bytes = new Histogram(3);
    Histogram insert = new Histogram(3);
    long documentSum = 0;
    long documentMax = 0;
    for (int i = 0; i < 5_000; i++) {
      long n = 1 + random.nextInt(100);
      scan.recordValue(2_000_000 + n * 50_000);
      documents.recordValue(n);
      bytes.recordValue(n * 13_228);
      documentSum += n;
      documentMax = Math.max(documentMax, n);
    }
    for (int i = 0; i < 263; i++) {
      insert.recordValue((long) (400_000 * Math.exp(0.4 * random.nextGaussian())));
    }
    Map<String, MetricStats> metrics = new java.util.LinkedHashMap<>();
    metrics.put("documents", MetricStats.of(documents, documentSum, documentMax));
    metrics.put("bytes", MetricStats.of(bytes, documentSum * 13_228, documentMax * 13_228));
    return new Summary(1_700_000_000_000L, 1_700_000_000_000L, 1_700_000_020_000L,
        Warmup.none(), 0,
        List.of(new OperationSummary("SCAN", Map.of("OK", 5_000L), 250.0, LatencyStats.of(scan),
                Optional.empty(), metrics),
            new OperationSummary("INSERT", Map.of("OK", 263L), 13.15, LatencyStats.of(insert),
                Optional.empty())),
        List.of());
  }

  private static String golden(String name) throws Exception {
    try (InputStream in = SummaryFormatsTest.class.getResourceAsStream("/golden/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"root", "de-DE"})
  void jsonMatchesTheGoldenFileInEveryLocale(String locale) throws Exception {
    Locale.setDefault(locale.equals("root") ? Locale.ROOT : Locale.forLanguageTag(locale));
    assertThat(SummaryFormats.json(fixture())).isEqualTo(golden("summary.json"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"root", "de-DE"})
  void csvMatchesTheGoldenFileInEveryLocale(String locale) throws Exception {
    Locale.setDefault(locale.equals("root") ? Locale.ROOT : Locale.forLanguageTag(locale));
    assertThat(SummaryFormats.csv(fixture())).isEqualTo(golden("summary.csv"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"root", "de-DE"})
  void scanMetricsMatchTheGoldenFilesInEveryLocale(String locale) throws Exception {
    Locale.setDefault(locale.equals("root") ? Locale.ROOT : Locale.forLanguageTag(locale));
    assertThat(SummaryFormats.json(scanFixture())).isEqualTo(golden("summary-scan.json"));
    assertThat(SummaryFormats.csv(scanFixture())).isEqualTo(golden("summary-scan.csv"));
  }

  @Test
  void scanMetricsSitBesideTheScanLatency() throws Exception {
    JsonNode scan = new ObjectMapper().readTree(SummaryFormats.json(scanFixture()))
        .get("operations").get("SCAN");
    assertThat(scan.fieldNames()).toIterable().containsExactly("counts", "throughput",
        "serviceTime", "metrics");
    JsonNode documents = scan.get("metrics").get("documents");
    assertThat(documents.fieldNames()).toIterable().containsExactly("count", "sum", "mean", "p50",
        "p90", "p95", "p99", "p99.9", "p99.99", "max");
    assertThat(documents.get("count").asLong()).isEqualTo(5_000);
    assertThat(documents.get("max").asDouble()).isEqualTo(100.0);
    assertThat(scan.get("metrics").get("bytes").get("sum").asLong())
        .isEqualTo(documents.get("sum").asLong() * 13_228);
  }

  @Test
  void jsonIsOneDocumentWithEveryFigure() throws Exception {
    JsonNode root = new ObjectMapper().readTree(SummaryFormats.json(fixture()));
    assertThat(root.get("format").asText()).isEqualTo(Summary.FORMAT);
    JsonNode read = root.get("operations").get("READ");
    assertThat(read.get("counts").get("OK").asLong()).isEqualTo(9_990);
    assertThat(read.get("serviceTime").fieldNames()).toIterable().containsExactly("count", "mean",
        "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max");
    assertThat(read.get("responseTime").get("max").asDouble())
        .isGreaterThan(read.get("serviceTime").get("max").asDouble());
  }
}
