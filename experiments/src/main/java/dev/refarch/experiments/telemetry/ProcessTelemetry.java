package dev.refarch.experiments.telemetry;

import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The server processes of a cluster on this machine, from {@code /proc}: each {@code mongod}'s
 * and {@code mongos}'s CPU in user and kernel mode ({@code cpu.user}, {@code cpu.system}, in
 * cores: CPU seconds per second) and resident memory ({@code memory.rss}, bytes). The processes
 * are the pids the provisioner recorded ({@code member.<name>.pid}, as the local provisioner
 * does), read afresh each round: a restarted member is followed to its new pid. A provisioner
 * that records none (containers, Kubernetes, a cluster elsewhere) gets no source.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class ProcessTelemetry implements TelemetryProvider {

  private static final Set<String> SERVERS = Set.of("mongod", "mongos");

  private final Path root;

  public ProcessTelemetry() {
    this(ProcCpu.ROOT);
  }

  /** Reading the {@code /proc} at {@code root}. */
  ProcessTelemetry(Path root) {
    this.root = root;
  }

  @Override
  public String name() {
    return "process";
  }

  @Override
  public String description() {
    return "CPU (user, system) and resident memory of each mongod and mongos on this machine";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    if (target.state().get().memberFacts("pid").isEmpty()
        || !Files.isDirectory(root.resolve("self"))) {
      return Optional.empty();
    }
    return Optional.of(new Source(root, target.state()));
  }

  private static final class Source implements TelemetrySource {
    private final Path root;
    private final Supplier<PlatformState> state;
    private final List<String> members;
    private final CounterRates rates = new CounterRates();

    Source(Path root, Supplier<PlatformState> state) {
      this.root = root;
      this.state = state;
      this.members = List.copyOf(state.get().memberFacts("pid").keySet());
    }

    @Override
    public String name() {
      return "process";
    }

    @Override
    public List<String> watches() {
      return members;
    }

    @Override
    public TelemetryRound sample(long epochMs) {
      TelemetryRound.Builder round = TelemetryRound.builder();
      Map<String, String> pids = state.get().memberFacts("pid");
      for (String member : members) {
        String pid = pids.get(member);
        if (pid == null) {
          round.missing(member, "no process recorded");
          continue;
        }
        Path dir = root.resolve(pid.trim());
        try {
          String command = ProcCpu.command(dir);
          if (!SERVERS.contains(command)) {
            round.missing(member, "pid " + pid + " is " + command + ", not a mongod or mongos");
            continue;
          }
          ProcCpu.ProcessTimes t = ProcCpu.processTimes(dir);
          long rss = ProcCpu.residentBytes(dir);
          long nanos = System.nanoTime();
          // keyed by start time too: a restarted member's counters start again from zero
          String key = member + " " + t.startTicks();
          round.add(member, "cpu.user", "cores", rates.rate(key + " user", t.userSeconds(), nanos));
          round.add(member, "cpu.system", "cores",
              rates.rate(key + " system", t.systemSeconds(), nanos));
          round.add(member, "memory.rss", "bytes", rss);
        } catch (IOException | RuntimeException e) {
          round.missing(member, "pid " + pid + " not running (" + e.getMessage() + ")");
        }
      }
      return round.build();
    }
  }
}
