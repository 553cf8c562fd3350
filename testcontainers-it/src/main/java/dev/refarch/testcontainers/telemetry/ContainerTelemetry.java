package dev.refarch.testcontainers.telemetry;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.BlkioStatEntry;
import com.github.dockerjava.api.model.Statistics;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import dev.refarch.testcontainers.cluster.ContainerCluster;
import java.io.Closeable;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.testcontainers.DockerClientFactory;

/**
 * The containers of a Testcontainers cluster as the Docker engine accounts for them — their
 * cgroups' CPU, memory and block I/O, from the engine's stats stream (one message a second per
 * container), so that a container cluster's trial has the server side a local one has:
 * {@code cpu.user} and {@code cpu.system} (cores; {@code cpu.total} where the engine gives no
 * split, as under cgroup v2), {@code memory.usage} (bytes, as the cgroup counts it: the page
 * cache included), and {@code disk.reads}, {@code disk.writes} (/s), {@code disk.readBytes},
 * {@code disk.writeBytes} (bytes/s) of all the container's block devices. Rates are taken
 * between the engine's own read times, not the runner's.
 *
 * <p>The containers are those the cluster's state names ({@code member.<name>.container} under
 * {@value ContainerCluster#COMPONENT}); a cluster without them gets no source.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread, the stream callbacks from
 * the engine's.
 */
public final class ContainerTelemetry implements TelemetryProvider {

  @Override
  public String name() {
    return "container";
  }

  @Override
  public String description() {
    return "CPU, memory and block I/O of each member's container, from the Docker engine's stats";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    Map<String, String> containers = containers(target.state().get());
    if (containers.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Source(DockerClientFactory.instance().client(), containers));
  }

  /** Member name to container id, from the cluster's state. */
  static Map<String, String> containers(PlatformState state) {
    return PlatformState.memberFacts(state.of(ContainerCluster.COMPONENT), "container");
  }

  /** How long a stream may take to send its first message before its silence is a gap. */
  private static final long STARTUP_NANOS = 3_000_000_000L;

  private static final class Source implements TelemetrySource {
    private final Map<String, String> containers;
    private final Map<String, Statistics> latest = new ConcurrentHashMap<>();
    private final Map<String, String> failed = new ConcurrentHashMap<>();
    private final List<Closeable> streams = new ArrayList<>();
    private final CounterRates rates = new CounterRates();
    private final long openedNanos = System.nanoTime();

    Source(DockerClient docker, Map<String, String> containers) {
      this.containers = containers;
      containers.forEach((member, id) -> streams.add(docker.statsCmd(id)
          .exec(new ResultCallback.Adapter<Statistics>() {
            @Override
            public void onNext(Statistics s) {
              latest.put(member, s);
              failed.remove(member);
            }

            @Override
            public void onError(Throwable t) {
              failed.put(member, "the engine's stats stream ended: " + t.getMessage());
            }
          })));
    }

    @Override
    public String name() {
      return "container";
    }

    @Override
    public List<String> watches() {
      return List.copyOf(containers.keySet());
    }

    @Override
    public TelemetryRound sample(long epochMs) {
      TelemetryRound.Builder round = TelemetryRound.builder();
      for (String member : containers.keySet()) {
        Statistics s = latest.get(member);
        if (s == null || s.getRead() == null) {
          // the engine sends its first message about a second after the stream opens
          if (failed.containsKey(member) || System.nanoTime() - openedNanos > STARTUP_NANOS) {
            round.missing(member, failed.getOrDefault(member, "no stats from the engine"));
          }
          continue;
        }
        Instant at = Instant.parse(s.getRead()); // rates follow the engine's clock
        var cpu = s.getCpuStats() == null ? null : s.getCpuStats().getCpuUsage();
        if (cpu != null && cpu.getUsageInUsermode() != null && cpu.getUsageInKernelmode() != null) {
          round.add(member, "cpu.user", "cores",
              rates.rate(member + " user", cpu.getUsageInUsermode() / 1e9, at));
          round.add(member, "cpu.system", "cores",
              rates.rate(member + " system", cpu.getUsageInKernelmode() / 1e9, at));
        } else if (cpu != null && cpu.getTotalUsage() != null) {
          round.add(member, "cpu.total", "cores",
              rates.rate(member + " total", cpu.getTotalUsage() / 1e9, at));
        }
        if (s.getMemoryStats() != null && s.getMemoryStats().getUsage() != null) {
          round.add(member, "memory.usage", "bytes", s.getMemoryStats().getUsage());
        }
        if (s.getBlkioStats() != null) {
          io(round, member, "disk.readBytes", "bytes/s", "read",
              s.getBlkioStats().getIoServiceBytesRecursive(), at);
          io(round, member, "disk.writeBytes", "bytes/s", "write",
              s.getBlkioStats().getIoServiceBytesRecursive(), at);
          io(round, member, "disk.reads", "/s", "read", s.getBlkioStats().getIoServicedRecursive(),
              at);
          io(round, member, "disk.writes", "/s", "write",
              s.getBlkioStats().getIoServicedRecursive(), at);
        }
      }
      return round.build();
    }

    /** The rate of one operation's counters summed over the container's devices. */
    private void io(TelemetryRound.Builder round, String member, String metric, String unit,
        String op, List<BlkioStatEntry> entries, Instant at) {
      if (entries == null) {
        return; // this engine keeps no block I/O for the container
      }
      double sum = 0;
      for (BlkioStatEntry e : entries) {
        if (e.getOp() != null && e.getValue() != null
            && e.getOp().toLowerCase(Locale.ROOT).equals(op)) {
          sum += e.getValue();
        }
      }
      round.add(member, metric, unit, rates.rate(member + " " + metric, sum, at));
    }


    @Override
    public void close() {
      for (Closeable c : streams) {
        try {
          c.close();
        } catch (IOException e) {
          // the stream is gone either way; nothing of the trial depends on it
        }
      }
    }
  }
}
