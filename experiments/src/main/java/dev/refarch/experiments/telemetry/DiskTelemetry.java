package dev.refarch.experiments.telemetry;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The block devices under the members' data directories on this machine ({@code
 * member.<name>.dbPath}), from {@code /proc/diskstats}: per device, reads and writes per second
 * ({@code disk.reads}, {@code disk.writes}), bytes per second ({@code disk.readBytes},
 * {@code disk.writeBytes}), the average time an I/O took, queue included ({@code disk.await},
 * ms, as iostat's r_await/w_await combined), and the share of time the device had I/O in flight
 * ({@code disk.utilisation}, %, iostat's %util: near 100 % a single-queue device is saturated,
 * while an SSD or a virtual disk serving requests in parallel may have more to give).
 *
 * <p>A data directory's device is the mount holding it ({@code /proc/self/mountinfo}, longest
 * mount point first) and that mount's {@code major:minor}; a directory on a file system without
 * a block device (tmpfs, overlay) is named in the source's failure. Members sharing a device are
 * listed with it in {@link TelemetrySource#watches()}; samples carry the device's name.
 *
 * <p>Stateless and thread-safe; its sources are used from one thread.
 */
public final class DiskTelemetry implements TelemetryProvider {

  /** diskstats counts 512-byte sectors whatever the device's own sector size. */
  private static final int SECTOR = 512;

  private final Path root;

  public DiskTelemetry() {
    this(ProcCpu.ROOT);
  }

  /** Reading the {@code /proc} at {@code root}. */
  DiskTelemetry(Path root) {
    this.root = root;
  }

  @Override
  public String name() {
    return "disk";
  }

  @Override
  public String description() {
    return "reads and writes per second, MB/s, average wait and utilisation of the block device"
        + " under each member's data directory on this machine";
  }

  @Override
  public Optional<TelemetrySource> open(TelemetryTarget target) {
    Map<String, String> dbPaths = target.state().get().memberFacts("dbPath");
    if (dbPaths.isEmpty()) {
      return Optional.empty();
    }
    List<Mount> mounts;
    Map<String, String> devices;
    try {
      mounts = mounts(Files.readAllLines(root.resolve("self/mountinfo"), StandardCharsets.UTF_8));
      devices = devices(Files.readAllLines(root.resolve("diskstats"), StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new PlatformException("disk telemetry", "cannot read " + e.getMessage(), e);
    }
    Map<String, List<String>> membersByDevice = new TreeMap<>();
    List<String> without = new ArrayList<>();
    dbPaths.forEach((member, dir) -> {
      Mount m = mountOf(mounts, Path.of(dir).toAbsolutePath().normalize().toString());
      String device = m == null ? null : devices.get(m.majorMinor());
      if (device == null) {
        without.add(member + "'s " + dir + (m == null ? " is on no mount listed"
            : " is on " + m.fsType() + " (" + m.majorMinor() + "), no block device"));
      } else {
        membersByDevice.computeIfAbsent(device, d -> new ArrayList<>()).add(member);
      }
    });
    if (membersByDevice.isEmpty()) {
      throw new PlatformException("disk telemetry", String.join("; ", without));
    }
    return Optional.of(new Source(root, membersByDevice));
  }

  /** One line of mountinfo: where, which device number, which file system type. */
  record Mount(String mountPoint, String majorMinor, String fsType) {
  }

  /** The mounts of mountinfo(5) lines: field 5 the mount point, 3 the device, after "-" the type. */
  static List<Mount> mounts(List<String> mountinfo) {
    List<Mount> mounts = new ArrayList<>();
    for (String line : mountinfo) {
      String[] f = line.split(" ");
      int dash = List.of(f).indexOf("-");
      if (f.length < 5 || dash < 0 || dash + 1 >= f.length) {
        continue;
      }
      mounts.add(new Mount(unescape(f[4]), f[2], f[dash + 1]));
    }
    return mounts;
  }

  /** mountinfo writes space, tab, newline and backslash in octal: {@code \040}. */
  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars()
          .allMatch(d -> d >= '0' && d <= '7')) {
        out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The mount holding {@code path}: the last listed of the longest matching mount points. */
  static Mount mountOf(List<Mount> mounts, String path) {
    Mount best = null;
    for (Mount m : mounts) {
      String p = m.mountPoint();
      boolean holds = p.equals("/") || path.equals(p) || path.startsWith(p + "/");
      if (holds && (best == null || p.length() >= best.mountPoint().length())) {
        best = m;
      }
    }
    return best;
  }

  /** {@code major:minor} to device name, from diskstats lines. */
  static Map<String, String> devices(List<String> diskstats) {
    Map<String, String> devices = new LinkedHashMap<>();
    for (String line : diskstats) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 14) {
        devices.put(f[0] + ":" + f[1], f[2]);
      }
    }
    return devices;
  }

  /**
   * The counters of one diskstats line (see the kernel's Documentation/admin-guide/iostats.rst):
   * completed reads and writes, sectors read and written, milliseconds spent reading, writing,
   * and with any I/O in flight.
   */
  record Counters(long reads, long sectorsRead, long readMs, long writes, long sectorsWritten,
      long writeMs, long busyMs) {

    static Counters parse(String[] f) {
      return new Counters(Long.parseLong(f[3]), Long.parseLong(f[5]), Long.parseLong(f[6]),
          Long.parseLong(f[7]), Long.parseLong(f[9]), Long.parseLong(f[10]),
          Long.parseLong(f[12]));
    }
  }

  private static final class Source implements TelemetrySource {
    private final Path file;
    private final Map<String, List<String>> membersByDevice;
    private final CounterRates rates = new CounterRates();
    private final Map<String, Counters> last = new TreeMap<>();

    Source(Path root, Map<String, List<String>> membersByDevice) {
      this.file = root.resolve("diskstats");
      this.membersByDevice = membersByDevice;
    }

    @Override
    public String name() {
      return "disk";
    }

    @Override
    public List<String> watches() {
      return membersByDevice.entrySet().stream()
          .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")").toList();
    }

    @Override
    public TelemetryRound sample(long epochMs) throws IOException {
      List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
      long nanos = System.nanoTime();
      TelemetryRound.Builder round = TelemetryRound.builder();
      Map<String, Counters> now = new TreeMap<>();
      for (String line : lines) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 14 && membersByDevice.containsKey(f[2])) {
          now.put(f[2], Counters.parse(f));
        }
      }
      for (String device : membersByDevice.keySet()) {
        Counters c = now.get(device);
        if (c == null) {
          round.missing(device, "no longer in " + file);
          continue;
        }
        round.add(device, "disk.reads", "/s", rates.rate(device + " r", c.reads(), nanos));
        round.add(device, "disk.writes", "/s", rates.rate(device + " w", c.writes(), nanos));
        round.add(device, "disk.readBytes", "bytes/s",
            rates.rate(device + " rb", (double) c.sectorsRead() * SECTOR, nanos));
        round.add(device, "disk.writeBytes", "bytes/s",
            rates.rate(device + " wb", (double) c.sectorsWritten() * SECTOR, nanos));
        OptionalDouble busy = rates.rate(device + " busy", c.busyMs(), nanos);
        // ms in flight per second of wall time, as a percentage: /1000 × 100
        round.add(device, "disk.utilisation", "%", busy.isPresent()
            ? OptionalDouble.of(Math.min(100, busy.getAsDouble() / 10)) : OptionalDouble.empty());
        Counters before = last.put(device, c);
        if (before != null) {
          long ios = c.reads() + c.writes() - before.reads() - before.writes();
          long ms = c.readMs() + c.writeMs() - before.readMs() - before.writeMs();
          if (ios > 0 && ms >= 0) {
            round.add(device, "disk.await", "ms", (double) ms / ios);
          }
        }
      }
      return round.build();
    }
  }
}
