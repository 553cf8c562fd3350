package dev.refarch.experiments.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The endpoint's address rules and its text, scraped over HTTP as Prometheus scrapes it. */
class LiveMetricsTest {

  @Test
  void anAddressIsHostAndPortOrAPortOnLoopback() {
    assertThat(LiveMetrics.Address.parse("9464"))
        .isEqualTo(new LiveMetrics.Address("127.0.0.1", 9464));
    assertThat(LiveMetrics.Address.parse("localhost:0"))
        .isEqualTo(new LiveMetrics.Address("localhost", 0));
    for (String bad : List.of("http://x:1", "x:", "65536", ":9464", "nine")) {
      assertThatThrownBy(() -> LiveMetrics.Address.parse(bad))
          .isInstanceOf(ConfigurationException.class)
          .hasMessageContaining("--metrics").hasMessageContaining(bad)
          .hasMessageContaining("host:port or a port (0-65535)");
    }
  }

  private static String scrape(int port) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }

  @Test
  void servesTheRunningTrialsTelemetryAndForgetsItWhenTheTrialEnds() throws Exception {
    try (LiveMetrics live = LiveMetrics.serve(LiveMetrics.Address.parse("0"))) {
      assertThat(scrape(live.port())).doesNotContain("refarch_");
      TrialSpec spec = TrialSpec.builder("live", "t001").cluster("mongodb://127.0.0.1:1")
          .property("workload", "site.ycsb.workloads.CoreWorkload").build();
      live.trialStarted(spec);
      live.phaseStarted(Phase.RUN, List.of());
      live.telemetry("mongodb", 1L, List.of(new TelemetrySample("rs0-1", "cache.pagesReadIn",
          "/s", 1850.5), new TelemetrySample("rs0-1", "repl.lag", "s", 0.25)));
      String text = scrape(live.port());
      assertThat(text)
          .contains("refarch_trial_running{experiment=\"live\",phase=\"run\",trial=\"t001\"} 1")
          .contains("refarch_telemetry{experiment=\"live\",member=\"rs0-1\","
              + "metric=\"cache.pagesReadIn\",source=\"mongodb\",trial=\"t001\",unit=\"/s\"} 1850.5")
          .contains("metric=\"repl.lag\"");
      live.trialEnded(spec);
      assertThat(scrape(live.port())).doesNotContain("refarch_");
    }
  }
}
