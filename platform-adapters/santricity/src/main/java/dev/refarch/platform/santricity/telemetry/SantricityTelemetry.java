package dev.refarch.platform.santricity.telemetry;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import dev.refarch.platform.santricity.config.PasswordSource;
import dev.refarch.platform.santricity.config.SantricityKeys;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The E-Series volumes of a trial, per interval instead of only before and after each phase:
 * once a round, {@code GET /storage-systems/{id}/volume-statistics} (both controllers' raw
 * counters, summed per volume, as the hook's phase statistics sum them), and for each of the
 * volumes the {@code santricity} hook provisions ({@code santricity.volume.*}): {@code
 * volume.reads}, {@code volume.writes} (/s), {@code volume.readBytes}, {@code volume.writeBytes}
 * (bytes/s), {@code volume.latency} (ms: the response time of the interval's reads and writes,
 * from the counters' totals), and {@code ssdCache.readHits} (% of the interval's reads the SSD
 * cache served). Rates follow the array's clock ({@code observedTimeInMS}). A volume the hook
 * has not created yet gives nothing; one that disappears is a gap.
 *
 * <p>It applies when the experiment names an array ({@code santricity.url}) and does not turn
 * the statistics off ({@code santricity.stats=false}); it connects as the hook does.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class SantricityTelemetry implements TelemetryProvider {

  private final Function<String, String> environment;

  public SantricityTelemetry() {
    this(System::getenv);
  }

  /** Reading the password's fallback source from {@code environment}. */
  public SantricityTelemetry(Function<String, String> environment) {
    this.environment = environment;
  }

  @Override
  public String name() {
    return "santricity";
  }

  @Override
  public String description() {
    return "IOPS, MB/s, latency and SSD-cache read hits of the trial's E-Series volumes, per"
        + " interval";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    if (!target.settings().containsKey(SantricityKeys.URL.key())) {
      return Optional.empty();
    }
    SantricitySettings s = SantricitySettings.from(target.settings());
    if (!s.stats()) {
      return Optional.empty();
    }
    SantricityClient client = SantricityClient.connect(s.connection().clientConfig(
        PasswordSource.resolve(s.connection(), environment)), notice -> { });
    return Optional.of(new Source(client, s.volumes().names()));
  }

  private static final class Source implements TelemetrySource {
    private final SantricityClient client;
    private final List<String> volumes;
    private final CounterRates rates = new CounterRates();
    private final Map<String, VolumeIoStats> last = new HashMap<>();
    private final Set<String> seen = new HashSet<>();

    Source(SantricityClient client, List<String> volumes) {
      this.client = client;
      this.volumes = List.copyOf(volumes);
    }

    @Override
    public String name() {
      return "santricity";
    }

    @Override
    public List<String> watches() {
      return volumes;
    }

    @Override
    public TelemetryRound sample(long epochMs) {
      Map<String, VolumeIoStats> byName = new TreeMap<>();
      for (VolumeIoStats v : client.statistics().volumes()) {
        if (v.volumeName() != null && volumes.contains(v.volumeName())) {
          byName.merge(v.volumeName(), v, VolumeIoStats::plus);
        }
      }
      TelemetryRound.Builder round = TelemetryRound.builder();
      for (String name : volumes) {
        VolumeIoStats v = byName.get(name);
        if (v == null) {
          if (seen.contains(name)) {
            round.missing(name, "no longer in the array's volume statistics");
          }
          continue;
        }
        seen.add(name);
        if (v.observedTimeInMS() == null) {
          round.missing(name, "the array gave no observedTimeInMS");
          continue;
        }
        long nanos = v.observedTimeInMS() * 1_000_000L;
        round.add(name, "volume.reads", "/s", rates.rate(name + " r", v.readOps(), nanos));
        round.add(name, "volume.writes", "/s", rates.rate(name + " w", v.writeOps(), nanos));
        round.add(name, "volume.readBytes", "bytes/s", rates.rate(name + " rb", v.readBytes(),
            nanos));
        round.add(name, "volume.writeBytes", "bytes/s", rates.rate(name + " wb", v.writeBytes(),
            nanos));
        VolumeIoStats before = last.put(name, v);
        if (before != null && before.observedTimeInMS() != null
            && v.observedTimeInMS() > before.observedTimeInMS()) {
          double ops = v.readOps() + v.writeOps() - before.readOps() - before.writeOps();
          double micros = v.readTimeTotal() + v.writeTimeTotal() - before.readTimeTotal()
              - before.writeTimeTotal();
          if (ops > 0 && micros >= 0) {
            round.add(name, "volume.latency", "ms", micros / ops / 1000);
          }
          double reads = v.readOps() - before.readOps();
          double hits = v.flashCacheReadHitOps() - before.flashCacheReadHitOps();
          if (reads > 0 && hits >= 0) {
            round.add(name, "ssdCache.readHits", "%", Math.min(100, hits / reads * 100));
          }
        }
      }
      return round.build();
    }

    @Override
    public void close() {
      client.close();
    }
  }
}
