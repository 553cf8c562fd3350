package dev.refarch.experiments.live;

import dev.refarch.experiments.trial.ClientProcess;
import dev.refarch.experiments.trial.LiveClientFigures;
import dev.refarch.experiments.trial.TrialRunner;
import dev.refarch.experiments.trial.TrialSpec;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import dev.refarch.ycsb.measure.MeasurementProperties;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The running trial's figures in the Prometheus text format, served over HTTP at
 * {@code /metrics} while {@code refarch run --metrics} runs: the trial and phase running, its
 * clients' operations per second and service-time percentiles per operation type (their latest
 * interval, {@link LiveClientFigures}), and the latest value of every telemetry series. Between
 * trials only the trial's identity is gone; nothing is kept across runs.
 *
 * <table>
 * <caption>Metrics</caption>
 * <tr><th>name</th><th>labels</th></tr>
 * <tr><td>refarch_trial_running</td><td>experiment, trial, phase (1 while a phase runs)</td></tr>
 * <tr><td>refarch_client_operations_per_second</td><td>experiment, trial, phase, operation</td></tr>
 * <tr><td>refarch_client_latency_p50_seconds, _p95_, _p99_, refarch_client_latency_max_seconds</td>
 *     <td>experiment, trial, phase, operation</td></tr>
 * <tr><td>refarch_telemetry</td><td>experiment, trial, source, member, metric, unit</td></tr>
 * </table>
 *
 * <p>Thread-safe: the runner's threads report to it while the server's threads scrape it.
 *
 * <pre>{@code
 * try (LiveMetrics live = LiveMetrics.serve(LiveMetrics.Address.parse("9464"))) {
 *   new ExperimentRunner(results, progress).withListener(live).run(spec, mode);
 * }
 * }</pre>
 */
public final class LiveMetrics implements TrialRunner.Listener, MultiCollector, AutoCloseable {

  /** The address {@code --metrics} binds to when given only a port. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  private record Series(String source, String member, String metric, String unit) {
  }

  private final HTTPServer server;
  private TrialSpec trial;
  private Phase phase;
  private LiveClientFigures clients;
  private final Map<Series, Double> telemetry = new LinkedHashMap<>();

  private LiveMetrics(String host, int port) throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(this);
    // an IPv6 literal comes bracketed, as in a URL; the socket wants it bare
    String bind = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    this.server = HTTPServer.builder().hostname(bind).port(port).registry(registry)
        .buildAndStart();
  }

  /**
   * Where {@code --metrics} binds.
   *
   * @param host a name or address of this machine
   * @param port 0-65535; 0 for any free port (see {@link #port()})
   */
  public record Address(String host, int port) {

    /**
     * {@code host:port}, or a port alone for {@value #DEFAULT_HOST}.
     *
     * @throws ConfigurationException naming {@code --metrics}, before anything runs
     */
    public static Address parse(String address) {
      int colon = address.lastIndexOf(':');
      String host = colon < 0 ? DEFAULT_HOST : address.substring(0, colon);
      int port;
      try {
        port = Integer.parseInt(address.substring(colon + 1));
      } catch (NumberFormatException e) {
        port = -1;
      }
      boolean hostname = !host.isBlank() && host.chars().noneMatch(c -> c == '/' || c == ' ')
          && (!host.contains(":") || host.startsWith("[") && host.endsWith("]"));
      if (port < 0 || port > 65_535 || !hostname) {
        throw new ConfigurationException("--metrics", address, "host:port or a port (0-65535),"
            + " e.g. 9464 (on " + DEFAULT_HOST + ") or 127.0.0.1:9464");
      }
      return new Address(host, port);
    }
  }

  /**
   * Serves at {@code address}.
   *
   * @throws ConfigurationException naming {@code --metrics} when it cannot listen there
   */
  public static LiveMetrics serve(Address address) {
    try {
      return new LiveMetrics(address.host(), address.port());
    } catch (IOException | RuntimeException e) {
      throw new ConfigurationException("--metrics", address.host() + ":" + address.port(),
          "an address this machine can listen on, with the port free",
          String.valueOf(e.getMessage()));
    }
  }

  /** The port it listens on. */
  public int port() {
    return server.getPort();
  }

  @Override
  public synchronized void trialStarted(TrialSpec spec) {
    trial = spec;
    phase = null;
    clients = null;
    telemetry.clear();
  }

  @Override
  public synchronized void trialEnded(TrialSpec spec) {
    trial = null;
    phase = null;
    clients = null;
  }

  @Override
  public synchronized void phaseStarted(Phase phase, List<ClientProcess> processes) {
    this.phase = phase;
    int interval = trial == null ? MeasurementProperties.HISTOGRAM_INTERVAL.defaultValue()
        : MeasurementProperties.HISTOGRAM_INTERVAL.from(trial.properties());
    clients = new LiveClientFigures(processes.stream().map(ClientProcess::dir).toList(), interval);
  }

  @Override
  public synchronized void phaseEnded(Phase phase) {
    this.phase = null;
    clients = null;
  }

  @Override
  public synchronized void telemetry(String source, long epochMs, List<TelemetrySample> samples) {
    for (TelemetrySample s : samples) {
      telemetry.put(new Series(source, s.member(), s.metric(), s.unit()), s.value());
    }
  }

  @Override
  public synchronized MetricSnapshots collect() {
    List<MetricSnapshot> out = new ArrayList<>();
    if (trial == null) {
      return new MetricSnapshots(out);
    }
    String phaseLabel = phase == null ? "" : phase.label();
    if (phase != null) {
      out.add(gauge("refarch_trial_running", "1 while a phase of the named trial runs",
          List.of(new Point(Labels.of("experiment", trial.experiment(), "trial", trial.trial(),
              "phase", phaseLabel), 1))));
    }
    if (clients != null) {
      Map<String, LiveClientFigures.Figures> figures;
      try {
        figures = clients.poll();
      } catch (UncheckedIOException e) {
        figures = Map.of(); // a client's log mid-rotation: next scrape
      }
      clientGauge(out, figures, "refarch_client_operations_per_second", "measured operations per"
          + " second in the clients' latest interval", LiveClientFigures.Figures::operationsPerSecond, 1);
      clientGauge(out, figures, "refarch_client_latency_p50_seconds", "median service time in"
          + " the clients' latest interval", LiveClientFigures.Figures::p50Ms, 1e-3);
      clientGauge(out, figures, "refarch_client_latency_p95_seconds", "95th percentile service"
          + " time in the clients' latest interval", LiveClientFigures.Figures::p95Ms, 1e-3);
      clientGauge(out, figures, "refarch_client_latency_p99_seconds", "99th percentile service"
          + " time in the clients' latest interval", LiveClientFigures.Figures::p99Ms, 1e-3);
      clientGauge(out, figures, "refarch_client_latency_max_seconds", "slowest service time in"
          + " the clients' latest interval", LiveClientFigures.Figures::maxMs, 1e-3);
    }
    List<Point> points = new ArrayList<>();
    telemetry.forEach((s, v) -> points.add(new Point(Labels.of("experiment", trial.experiment(),
        "trial", trial.trial(), "source", s.source(), "member", s.member(), "metric", s.metric(),
        "unit", s.unit()), v)));
    if (!points.isEmpty()) {
      out.add(gauge("refarch_telemetry", "the latest sample of each telemetry series of the"
          + " running trial (telemetry.csv's source, member, metric and unit)", points));
    }
    return new MetricSnapshots(out);
  }

  private record Point(Labels labels, double value) {
  }

  private void clientGauge(List<MetricSnapshot> out, Map<String, LiveClientFigures.Figures> figures,
      String name, String help, ToDoubleFunction<LiveClientFigures.Figures> value, double scale) {
    List<Point> points = new ArrayList<>();
    figures.forEach((op, f) -> points.add(new Point(Labels.of("experiment", trial.experiment(),
        "trial", trial.trial(), "phase", phase.label(), "operation", op),
        value.applyAsDouble(f) * scale)));
    if (!points.isEmpty()) {
      out.add(gauge(name, help, points));
    }
  }

  private static GaugeSnapshot gauge(String name, String help, List<Point> points) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
    points.forEach(p -> b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
        .labels(p.labels()).value(p.value()).build()));
    return b.build();
  }

  @Override
  public List<String> getPrometheusNames() {
    return List.of("refarch_trial_running", "refarch_client_operations_per_second",
        "refarch_client_latency_p50_seconds", "refarch_client_latency_p95_seconds",
        "refarch_client_latency_p99_seconds", "refarch_client_latency_max_seconds",
        "refarch_telemetry");
  }

  /** Stops serving. */
  @Override
  public void close() {
    server.close();
  }
}
