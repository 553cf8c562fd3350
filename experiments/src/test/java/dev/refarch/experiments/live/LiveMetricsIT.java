package dev.refarch.experiments.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.results.TrialResult;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.File;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus server (Debian's {@code prometheus} package, started here on 127.0.0.1 with
 * a storage folder of its own) scrapes a real trial through {@link LiveMetrics} once a second;
 * afterwards its HTTP API returns the clients' throughput series and a server metric of that
 * trial.
 */
class LiveMetricsIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The prometheus binary: $PROMETHEUS_BIN, else on the PATH. */
  private static Path prometheus() {
    String given = System.getenv("PROMETHEUS_BIN");
    if (given != null) {
      return Path.of(given);
    }
    return Stream.of(System.getenv("PATH").split(File.pathSeparator))
        .map(d -> Path.of(d, "prometheus")).filter(Files::isExecutable).findFirst().orElse(null);
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static JsonNode query(int port, String promql, long fromSec, long toSec)
      throws Exception {
    String url = "http://127.0.0.1:" + port + "/api/v1/query_range?query="
        + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&start=" + fromSec + "&end="
        + toSec + "&step=1";
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body()).path("data").path("result");
  }

  @Test
  void prometheusScrapesARunningTrialsThroughputAndItsServersTelemetry(@TempDir Path dir)
      throws Exception {
    Path binary = prometheus();
    Assumptions.assumeTrue(binary != null, "needs a prometheus binary (Debian's prometheus"
        + " package; .ci/run installs it) on the PATH or in PROMETHEUS_BIN");
    int promPort = freePort();
    Path config = dir.resolve("prometheus.yml");
    try (LiveMetrics live = LiveMetrics.serve(LiveMetrics.Address.parse("0"));
        RunningCluster rs1 = Extensions.provisioner("local").start(Topology.parse("rs=1"),
            Map.of())) {
      Files.writeString(config, "global: {scrape_interval: 1s, scrape_timeout: 900ms}\n"
          + "scrape_configs:\n  - job_name: refarch\n    static_configs:\n"
          + "      - targets: ['127.0.0.1:" + live.port() + "']\n");
      Process server = new ProcessBuilder(binary.toString(), "--config.file=" + config,
          "--storage.tsdb.path=" + dir.resolve("data"),
          "--web.listen-address=127.0.0.1:" + promPort)
          .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile())
          .start();
      try {
        org.awaitility.Awaitility.await("prometheus ready").atMost(Duration.ofSeconds(60))
            .ignoreExceptions().until(() -> HttpClient.newHttpClient().send(HttpRequest
                .newBuilder(URI.create("http://127.0.0.1:" + promPort + "/-/ready")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode() == 200);
        long from = System.currentTimeMillis() / 1000 - 1;
        TrialSpec spec = TrialSpec.builder("live-it", "scraped").cluster(rs1.connectionString())
            .properties(CoreWorkloads.properties("a")).property("recordcount", "2000")
            .property("operationcount", "100000000").property("maxexecutiontime", "12")
            .clients(1).threadsPerClient(4).phaseTimeout(Duration.ofMinutes(2)).build();
        TrialResult r = new TrialRunner(dir.resolve("results")).withListener(live).run(spec, rs1);
        assertThat(r.failures()).isEmpty();
        long to = System.currentTimeMillis() / 1000 + 1;

        JsonNode throughput = query(promPort,
            "refarch_client_operations_per_second{trial=\"scraped\",phase=\"run\"}", from, to);
        Set<String> operations = new HashSet<>();
        throughput.forEach(s -> operations.add(s.path("metric").path("operation").asText()));
        assertThat(operations).as(Files.readString(dir.resolve("prometheus.log")))
            .contains("READ", "UPDATE");
        assertThat(throughput.get(0).path("values").size()).as("seconds scraped").isGreaterThan(3);
        JsonNode updates = query(promPort, "refarch_telemetry{trial=\"scraped\",source=\"mongodb\","
            + "metric=\"ops.update\"}", from, to);
        assertThat(updates).as("the server's updates per second").isNotEmpty();
        assertThat(updates.get(0).path("values")).anyMatch(v -> v.get(1).asDouble() > 0);
      } finally {
        server.destroy();
        if (!server.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
          server.destroyForcibly().waitFor();
        }
      }
    }
  }
}
