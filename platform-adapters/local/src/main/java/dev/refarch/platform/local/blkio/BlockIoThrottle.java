package dev.refarch.platform.local.blkio;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Caps the block I/O of a process's control group on one device with the kernel's throttle
 * (cgroup v1 {@code blkio.throttle.{read,write}_{iops,bps}_device}), and reads the kernel's own
 * count of what the group did there ({@code blkio.throttle.io_serviced},
 * {@code io_service_bytes}). A cap holds for reads and writes alike.
 *
 * <p>What the kernel throttles: reads, direct writes and the writes an {@code fsync} or
 * {@code fdatasync} of the process issues (a journal commit with {@code j:true}); not the
 * write-back of dirty pages that the kernel's flusher threads do later, which cgroup v1 charges
 * to no group — so a cap slows a checkpoint only by the syncs it waits for.
 *
 * <p>Why by hand: the interface is files under {@code /sys/fs/cgroup/blkio}; no Java library
 * covers cgroup v1's block throttle. Stateless; every call reads or writes the kernel's files.
 */
public final class BlockIoThrottle {

  /** Where cgroup v1's block I/O controller is mounted. */
  public static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");
  private static final Path SYS_BLOCK = Path.of("/sys/dev/block");
  private static final List<String> LIMITS = List.of("read_iops_device", "write_iops_device",
      "read_bps_device", "write_bps_device");

  /**
   * A whole disk, as the throttle names it.
   *
   * @param major the device's major number
   * @param minor its minor number
   * @param name its kernel name, e.g. {@code vda}
   */
  public record Device(int major, int minor, String name) {
    /** {@code major:minor}, as the throttle's files write it. */
    public String id() {
      return major + ":" + minor;
    }
  }

  /**
   * A cap; 0 in a field means none.
   *
   * @param iops I/O operations per second, each way
   * @param bytesPerSecond bytes per second, each way
   */
  public record Cap(long iops, long bytesPerSecond) {
    public Cap {
      if (iops < 0 || bytesPerSecond < 0 || iops == 0 && bytesPerSecond == 0) {
        throw new IllegalArgumentException("a cap needs iops or bytes per second above 0");
      }
    }

    @Override
    public String toString() {
      return (iops > 0 ? iops + " IOPS" : "") + (iops > 0 && bytesPerSecond > 0 ? ", " : "")
          + (bytesPerSecond > 0 ? bytesPerSecond + " B/s" : "");
    }
  }

  /**
   * What a group did on a device since it was made, by the kernel's count.
   *
   * @param reads read operations
   * @param writes write operations
   * @param readBytes bytes read
   * @param writeBytes bytes written
   */
  public record Serviced(long reads, long writes, long readBytes, long writeBytes) {
    /** Reads and writes. */
    public long operations() {
      return reads + writes;
    }
  }

  private BlockIoThrottle() {
  }

  /** The {@code slow-disk} fault's parameter {@code iops}. */
  public static final Setting<Long> IOPS = Setting.longInteger("iops", null, 1, 10_000_000,
      "slow-disk: block I/O operations per second, reads and writes each");
  /** The {@code slow-disk} fault's parameter {@code bps}. */
  public static final Setting<Long> BPS = Setting.longInteger("bps", null, 4096,
      100_000_000_000L, "slow-disk: block I/O bytes per second, reads and writes each");

  /**
   * The cap a {@code slow-disk} fault's parameters give.
   *
   * @throws ConfigurationException for a bad value, or when neither {@code iops} nor {@code bps}
   *     is given
   */
  public static Cap capOfFault(java.util.Map<String, String> parameters) {
    Optional<Long> i = IOPS.find(parameters);
    Optional<Long> b = BPS.find(parameters);
    if (i.isEmpty() && b.isEmpty()) {
      throw new ConfigurationException("iops", null, IOPS.allowed() + " and/or bps "
          + BPS.allowed(), "slow-disk needs a cap, e.g. slow-disk primary iops=100");
    }
    return new Cap(i.orElse(0L), b.orElse(0L));
  }

  /**
   * The setting {@code <prefix>io.maxIops}: a cap on every {@code mongod} member's block I/O
   * operations per second, reads and writes each, for the cluster's whole life.
   */
  public static Setting<Long> maxIops(String prefix) {
    return Setting.longInteger(prefix + "io.maxIops", null, 1, 10_000_000, "cap on every mongod"
        + " member's block I/O operations per second (reads and writes each) on the disk under"
        + " its data, for the cluster's life (cgroup v1 throttle); unset: none");
  }

  /** The setting {@code <prefix>io.maxBps}: as {@link #maxIops}, in bytes per second. */
  public static Setting<Long> maxBps(String prefix) {
    return Setting.longInteger(prefix + "io.maxBps", null, 4096, 100_000_000_000L, "cap on every"
        + " mongod member's block I/O bytes per second (reads and writes each) on the disk under"
        + " its data, for the cluster's life (cgroup v1 throttle); unset: none");
  }

  /**
   * The cap the two settings give in {@code settings}, if either is set.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for a bad value, or a cap this
   *     machine cannot set (naming the key and why)
   */
  public static Optional<Cap> capFrom(Setting<Long> iops, Setting<Long> bps,
      java.util.Map<String, String> settings) {
    Optional<Long> i = iops.find(settings);
    Optional<Long> b = bps.find(settings);
    if (i.isEmpty() && b.isEmpty()) {
      return Optional.empty();
    }
    String reason = unavailableReason();
    if (reason != null) {
      Setting<Long> given = i.isPresent() ? iops : bps;
      throw new ConfigurationException(given.key(), settings.get(given.key()),
          "unset on this machine", reason);
    }
    return Optional.of(new Cap(i.orElse(0L), b.orElse(0L)));
  }

  /**
   * Why caps cannot be set on this machine, or {@code null}: cgroup v1's block I/O controller
   * must be mounted with its throttle, and this process allowed to write it (root).
   */
  public static String unavailableReason() {
    if (!Files.isRegularFile(BLKIO.resolve("blkio.throttle.read_iops_device"))) {
      return "no cgroup v1 block I/O throttle at " + BLKIO + " (a cgroup v2-only kernel caps I/O"
          + " with io.max, which this project does not drive)";
    }
    if (!Files.isWritable(BLKIO.resolve("cgroup.procs"))) {
      return "the block I/O throttle at " + BLKIO + " is not writable by this process (needs"
          + " root)";
    }
    return null;
  }

  /**
   * The whole disk that holds {@code path}: the device its file system reports, or the disk a
   * partition of it belongs to.
   *
   * @throws PlatformException when no block device holds it (tmpfs, overlay of one, a network
   *     file system), naming the path and the device number found
   */
  public static Device deviceOf(Path path) {
    long dev;
    try {
      dev = ((Number) Files.getAttribute(path, "unix:dev")).longValue();
    } catch (IOException | UnsupportedOperationException e) {
      throw new PlatformException("find the device under " + path, e.toString(), e);
    }
    int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
    int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
    Path sys = SYS_BLOCK.resolve(major + ":" + minor);
    if (!Files.isDirectory(sys)) {
      throw new PlatformException("find the device under " + path, "it is on device " + major
          + ":" + minor + ", which is no block device (tmpfs or another memory or network file"
          + " system): nothing to throttle");
    }
    try {
      Path real = sys.toRealPath();
      if (Files.exists(real.resolve("partition"))) {
        real = real.getParent();
      }
      String[] id = Files.readString(real.resolve("dev"), StandardCharsets.US_ASCII).trim()
          .split(":");
      return new Device(Integer.parseInt(id[0]), Integer.parseInt(id[1]),
          real.getFileName().toString());
    } catch (IOException e) {
      throw new PlatformException("find the device under " + path, e.toString(), e);
    }
  }

  /**
   * The block I/O control group of process {@code pid}, from {@code /proc/<pid>/cgroup}.
   *
   * @throws PlatformException when the process is gone or has no blkio group
   */
  public static Path groupOf(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/cgroup"))) {
        String[] f = line.split(":", 3);
        if (f.length == 3 && List.of(f[1].split(",")).contains("blkio")) {
          return BLKIO.resolve(f[2].substring(1));
        }
      }
    } catch (IOException e) {
      throw new PlatformException("find the block I/O group of process " + pid, e.toString(), e);
    }
    throw new PlatformException("find the block I/O group of process " + pid,
        "no blkio line in /proc/" + pid + "/cgroup");
  }

  /** The folder under {@link #BLKIO} in which {@link #enter} makes groups of their own. */
  public static final String OWN = "ycsb-mongo-refarch";

  /**
   * Moves process {@code pid} (all its threads) into a group of its own,
   * {@value #OWN}{@code /<name>} (made when missing), so that a cap holds for it alone.
   *
   * @return the group it was in, for {@link #leave}
   */
  public static Path enter(long pid, String name) {
    Path was = groupOf(pid);
    Path own = BLKIO.resolve(OWN).resolve(name);
    try {
      Files.createDirectories(own);
    } catch (IOException e) {
      throw new PlatformException("make block I/O group " + own, e.toString(), e);
    }
    write(own.resolve("cgroup.procs"), String.valueOf(pid));
    return was;
  }

  /**
   * Moves process {@code pid} back to group {@code was}, when it still runs, and removes the group
   * {@link #enter} made for {@code name} once no process is left in it.
   */
  public static void leave(long pid, Path was, String name) {
    Path own = BLKIO.resolve(OWN).resolve(name);
    if (Files.isDirectory(Path.of("/proc/" + pid))) {
      write(was.resolve("cgroup.procs"), String.valueOf(pid));
    }
    try {
      if (Files.isDirectory(own) && readLines(own.resolve("cgroup.procs")).isEmpty()) {
        Files.delete(own);
      }
    } catch (IOException e) {
      throw new PlatformException("remove block I/O group " + own, e.toString(), e);
    }
    removeOwnIfEmpty();
  }

  /**
   * Removes {@value #OWN} when no group is left in it. Another cluster on this machine may make a
   * group there meanwhile: the kernel then refuses the removal (busy), and the folder stays for
   * that cluster to remove.
   */
  private static void removeOwnIfEmpty() {
    Path parent = BLKIO.resolve(OWN);
    try (var children = Files.list(parent)) {
      if (children.anyMatch(Files::isDirectory)) {
        return;
      }
    } catch (java.nio.file.NoSuchFileException gone) {
      return;
    } catch (IOException e) {
      throw new PlatformException("list block I/O groups in " + parent, e.toString(), e);
    }
    try {
      Files.delete(parent);
    } catch (java.nio.file.NoSuchFileException | java.nio.file.DirectoryNotEmptyException e) {
      return; // removed by another cluster's last group, or a group made there since
    } catch (java.nio.file.FileSystemException e) {
      if (e.getReason() == null || !e.getReason().toLowerCase(java.util.Locale.ROOT)
          .contains("busy")) {
        throw new PlatformException("remove " + parent, e.toString(), e);
      }
      // a group made there since (the kernel says busy): that cluster's leave removes the folder
    } catch (IOException e) {
      throw new PlatformException("remove " + parent, e.toString(), e);
    }
  }

  /** Caps group {@code group} on {@code device} at {@code cap}; a field of 0 lifts that cap. */
  public static void cap(Path group, Device device, Cap cap) {
    long[] values = {cap.iops(), cap.iops(), cap.bytesPerSecond(), cap.bytesPerSecond()};
    for (int i = 0; i < LIMITS.size(); i++) {
      write(group.resolve("blkio.throttle." + LIMITS.get(i)), device.id() + " " + values[i]);
    }
  }

  /** Lifts every cap of group {@code group} on {@code device}. */
  public static void lift(Path group, Device device) {
    for (String limit : LIMITS) {
      write(group.resolve("blkio.throttle." + limit), device.id() + " 0");
    }
  }

  /** The caps of group {@code group} on {@code device} now, if any. */
  public static Optional<Cap> capOf(Path group, Device device) {
    long iops = Math.max(read(group, "read_iops_device", device), read(group,
        "write_iops_device", device));
    long bps = Math.max(read(group, "read_bps_device", device), read(group, "write_bps_device",
        device));
    return iops == 0 && bps == 0 ? Optional.empty() : Optional.of(new Cap(iops, bps));
  }

  /** What group {@code group} did on {@code device} so far, by the kernel's count. */
  public static Serviced serviced(Path group, Device device) {
    long[] ops = counts(group.resolve("blkio.throttle.io_serviced"), device);
    long[] bytes = counts(group.resolve("blkio.throttle.io_service_bytes"), device);
    return new Serviced(ops[0], ops[1], bytes[0], bytes[1]);
  }

  /** Read and Write of {@code device} in a {@code io_serviced}-shaped file. */
  static long[] counts(Path file, Device device) {
    long[] rw = new long[2];
    for (String line : readLines(file)) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 3 && f[0].equals(device.id())) {
        if (f[1].equals("Read")) {
          rw[0] = Long.parseLong(f[2]);
        } else if (f[1].equals("Write")) {
          rw[1] = Long.parseLong(f[2]);
        }
      }
    }
    return rw;
  }

  private static long read(Path group, String limit, Device device) {
    for (String line : readLines(group.resolve("blkio.throttle." + limit))) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 2 && f[0].equals(device.id())) {
        return Long.parseLong(f[1]);
      }
    }
    return 0;
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new PlatformException("read " + file, e.toString(), e);
    }
  }

  private static void write(Path file, String line) {
    try {
      Files.writeString(file, line, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new PlatformException("write '" + line + "' to " + file, e.toString(), e);
    }
  }
}
