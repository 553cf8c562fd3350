package dev.refarch.platform.vsan.it;

import dev.refarch.platform.spi.TlsTrust;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Client of vcsim-plus's test-control endpoints: {@code /refarch/changes} counts the calls that
 * change inventory or policy state and refuses the n-th one (with a {@code SystemError}), once or
 * for good; {@code /refarch/guest} sets what a VM's guest does on {@code ShutdownGuest};
 * {@code /refarch/vsan-perf} records the vSAN performance service's points and turns it off. See
 * {@code src/test/go/vcsim-plus/changes.go}, {@code guest.go} and {@code vsanperf.go}.
 */
final class PlusControl {

  private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
  private static final Pattern QUERIES = Pattern.compile("\"queries\":(\\d+)");

  private final HttpClient http = HttpClient.newBuilder().sslContext(TlsTrust.insecure())
      .version(HttpClient.Version.HTTP_1_1).build();
  private final URI endpoint;
  private final URI guest;
  private final URI perf;

  PlusControl(Simulators.Running sim) {
    this.endpoint = URI.create(sim.sdk()).resolve("/refarch/changes");
    this.guest = URI.create(sim.sdk()).resolve("/refarch/guest");
    this.perf = URI.create(sim.sdk()).resolve("/refarch/vsan-perf");
  }

  /**
   * Records one point of the vSAN performance service: {@code entity}'s collection interval
   * ending at {@code epochSeconds}, with these metric values (metrics left out are gaps).
   */
  void perfPoint(String entity, long epochSeconds, Map<String, Double> values) {
    StringBuilder query = new StringBuilder("?entity=" + URLEncoder.encode(entity,
        StandardCharsets.UTF_8) + "&time=" + epochSeconds);
    values.forEach((label, value) -> query.append('&').append(label).append('=').append(value));
    post(perf + query.toString());
  }

  /** Turns the vSAN performance service on or off. */
  void perfEnabled(boolean enabled) {
    post(perf + "?enabled=" + enabled);
  }

  /** How many {@code VsanPerfQueryPerf} calls the service has answered. */
  int perfQueries() {
    Matcher m = QUERIES.matcher(send(HttpRequest.newBuilder(perf).GET().build()));
    if (!m.find()) {
      throw new IllegalStateException(perf + " gave no query count");
    }
    return Integer.parseInt(m.group(1));
  }

  /**
   * Whether {@code vm}'s guest has VMware Tools (running while the VM is on; takes effect at its
   * next power change) and whether it ignores {@code ShutdownGuest}.
   */
  void guest(String vm, boolean tools, boolean hangs) {
    post(guest + "?vm=" + vm + "&tools=" + tools + "&hangs=" + hangs);
  }

  /**
   * Starts counting again; refuses change {@code n} (0 = none), and each of {@code calls}
   * ({@code "Method moref"}) for good; lifts every other refusal.
   */
  void failChange(int n, boolean forGood, String... calls) {
    StringBuilder query = new StringBuilder("?fail=" + n + "&forGood=" + forGood);
    for (String call : calls) {
      query.append("&refuse=").append(URLEncoder.encode(call, StandardCharsets.UTF_8));
    }
    post(endpoint + query.toString());
  }

  /** The changes seen since the last {@link #failChange}, each {@code "Method moref"}. */
  List<String> changes() {
    String json = send(HttpRequest.newBuilder(endpoint).GET().build());
    List<String> out = new ArrayList<>();
    Matcher m = QUOTED.matcher(json.substring(json.indexOf('[')));
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private String post(String uri) {
    return send(HttpRequest.newBuilder(URI.create(uri)).POST(HttpRequest.BodyPublishers.noBody())
        .build());
  }

  private String send(HttpRequest request) {
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        throw new IllegalStateException(request.uri() + " answered " + response.statusCode()
            + ": " + response.body());
      }
      return response.body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
