package dev.refarch.platform.vsan.telemetry;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.config.NamePattern;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.perf.MetricUnit;
import dev.refarch.platform.vsan.perf.PerfClient;
import dev.refarch.platform.vsan.perf.PerfSeries;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.vim.PropertyReader;
import dev.refarch.platform.vsan.vim.VimClient;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The vSAN performance service's figures for the VMs of {@code vsan.vms}, as the trial runs: for
 * each VM the {@code virtual-machine} entity's metrics the service declares with a unit the
 * project records ({@code VsanPerfGetSupportedEntityTypes}: on vSAN, read and write IOPS,
 * throughput and latency), each as {@code vsan.<label>}, e.g. {@code vsan.iopsRead}.
 *
 * <p>The service keeps one point per collection interval (5 minutes unless the cluster is told
 * otherwise), so the source asks a fifth of the interval its metrics declare apart (at least a
 * second, at most a minute; a minute when they declare none) and records each VM's newest point once, when it first appears:
 * the sample's time is when it was read, up to that poll period after the interval ended, and its
 * value the interval's average. A phase shorter than the interval may get no point at all.
 *
 * <p>It applies when {@code vsan.url} and {@code vsan.vms} are set and {@code vsan.perf} is not
 * false; it logs in as the hooks do. Where the vCenter has no performance service to ask (no
 * {@code /vsanHealth}, as in stock vcsim) it cannot open, and where the cluster's service is off
 * each query fails with the reason: the trial runs, its telemetry recorded as partial.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class VsanTelemetry implements TelemetryProvider {

  /** The entity type of a VM in the performance service. */
  static final String ENTITY = "virtual-machine";

  private final Map<String, String> env;

  public VsanTelemetry() {
    this(System.getenv());
  }

  /** Reading the password and user fallbacks from {@code env}. */
  public VsanTelemetry(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public String name() {
    return "vsan";
  }

  @Override
  public String description() {
    return "the vSAN performance service's IOPS, throughput and latency of each VM of vsan.vms";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    Map<String, String> settings = target.settings();
    NamePattern vms = VsanSettings.VMS.from(settings);
    if (!settings.containsKey(VsanSettings.URL.key()) || vms == null
        || !VsanSettings.PERF.from(settings)) {
      return Optional.empty();
    }
    VsanSession session = VsanSession.open(Connection.from(settings, env));
    try {
      return Optional.of(new Source(session, vms, Instant.now()));
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  /** The VMs' series from one vCenter session. */
  static final class Source implements TelemetrySource {
    private static final long MIN_POLL_MS = 1_000;
    private static final long MAX_POLL_MS = 60_000;

    private final VsanSession session;
    private final PerfClient perf;
    private final Map<String, MetricUnit> units;
    private final Map<MoRef, List<String>> refsByCluster = new LinkedHashMap<>();
    private final Map<String, String> names = new HashMap<>();
    private final List<String> watches = new ArrayList<>();
    private final Map<String, Instant> newest = new HashMap<>();
    private final Instant opened;
    private long pollMs = MAX_POLL_MS;
    private long nextQueryMs;

    Source(VsanSession session, NamePattern vms, Instant opened) {
      this.session = session;
      this.opened = opened;
      this.perf = new PerfClient(session.vim().soap());
      PerfClient.Offer offer;
      try {
        offer = perf.offer(ENTITY);
      } catch (PlatformException e) {
        throw new PlatformException("open the vSAN performance service",
            "the vCenter has no vSAN performance service to ask at "
                + session.vim().soap().url().resolve("/vsanHealth") + " (" + e.getMessage() + ")",
            e);
      }
      this.units = offer.units();
      poll(offer.intervalSeconds());
      if (units.isEmpty()) {
        throw new PlatformException("open the vSAN performance service", "it offers no "
            + ENTITY + " metric with a unit the project records");
      }
      VimClient vim = session.vim();
      List<VmInfo> found = vim.vms().find(vms::matches);
      if (found.isEmpty()) {
        throw new PlatformException("open the vSAN performance service", VsanSettings.VMS.key()
            + "=" + vms + " matches no VM");
      }
      Map<MoRef, String> uuids = new HashMap<>();
      for (PropertyReader.Content c : vim.properties().of(
          found.stream().map(VmInfo::ref).toList(), List.of("config.instanceUuid"))) {
        uuids.put(c.ref(), c.text("config.instanceUuid"));
      }
      for (VmInfo vm : found) {
        String uuid = uuids.getOrDefault(vm.ref(), "");
        if (uuid.isEmpty() || vm.host() == null) {
          throw new PlatformException("open the vSAN performance service", vm.name()
              + " has no " + (uuid.isEmpty() ? "instance UUID" : "host") + " to query by");
        }
        MoRef cluster = vim.properties().of(vm.host(), List.of("parent")).element("parent")
            .map(MoRef::of).orElseThrow(() -> new PlatformException(
                "open the vSAN performance service", vm.name() + "'s host has no cluster"));
        refsByCluster.computeIfAbsent(cluster, c -> new ArrayList<>()).add(ENTITY + ":" + uuid);
        names.put(uuid, vm.name());
        watches.add(vm.name());
      }
    }

    @Override
    public String name() {
      return "vsan";
    }

    @Override
    public List<String> watches() {
      return List.copyOf(watches);
    }

    @Override
    public TelemetryRound sample(long epochMs) {
      TelemetryRound.Builder round = TelemetryRound.builder();
      if (epochMs < nextQueryMs) {
        return round.build();
      }
      try {
        query(Instant.ofEpochMilli(epochMs), round);
      } finally {
        nextQueryMs = epochMs + pollMs; // after the answer, whose interval may change the period
      }
      return round.build();
    }

    private void query(Instant now, TelemetryRound.Builder round) {
      for (Map.Entry<MoRef, List<String>> cluster : refsByCluster.entrySet()) {
        List<PerfSeries> answer;
        try {
          answer = perf.query(cluster.getKey(), cluster.getValue(), since(), now);
        } catch (SoapFault e) {
          if ("NotFound".equals(e.faultType())) {
            throw new PlatformException("VsanPerfQueryPerf", "the vSAN performance service of"
                + " cluster " + cluster.getKey().value() + " is off (" + e.getMessage() + "); turn"
                + " it on in vCenter (Configure > vSAN > Services > Performance Service) or set "
                + VsanSettings.PERF.key() + "=false", e);
          }
          throw e;
        }
        for (PerfSeries series : answer) {
          record(series, round);
        }
      }
    }

    // Each VM's newest point, once; the poll period follows the service's interval.
    private void record(PerfSeries series, TelemetryRound.Builder round) {
      String member = names.get(series.entityId());
      if (member == null || series.times().isEmpty()) {
        return;
      }
      poll(series.intervalSeconds());
      int last = series.times().size() - 1;
      Instant end = series.times().get(last);
      Instant before = newest.get(member);
      if (before != null && !end.isAfter(before)) {
        return;
      }
      newest.put(member, end);
      units.forEach((label, unit) -> {
        List<OptionalDouble> values = series.values().get(label);
        if (values != null && values.get(last).isPresent()) {
          round.add(member, "vsan." + label, unit.unit(),
              values.get(last).getAsDouble() * unit.factor());
        }
      });
    }

    // A fifth of the service's interval, when it says one: the default 5 minutes gives a minute.
    private void poll(int intervalSeconds) {
      if (intervalSeconds > 0) {
        pollMs = Math.max(MIN_POLL_MS, Math.min(MAX_POLL_MS, intervalSeconds * 1000L / 5));
      }
    }

    // Points ending after the newest every VM has given, or after the source opened.
    private Instant since() {
      Instant since = null;
      for (String member : watches) {
        Instant seen = newest.getOrDefault(member, opened);
        since = since == null || seen.isBefore(since) ? seen : since;
      }
      return since == null ? opened : since;
    }

    @Override
    public void close() {
      session.close();
    }
  }
}
