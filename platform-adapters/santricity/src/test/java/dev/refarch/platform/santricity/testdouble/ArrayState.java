package dev.refarch.platform.santricity.testdouble;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the double's array holds: drives, pools, volumes, one SSD cache, I/O counters and the
 * progress of long-running pool actions. Mutations check what the real array checks (free drives,
 * media, minimum disk-pool size, capacity, duplicate names) and throw {@link ApiError}s.
 *
 * <p>Guarded by the double's lock; tests reach it through {@link SantricityTestDouble#array}.
 */
public final class ArrayState {

  static final String NO_GROUP = "0".repeat(40);
  static final long SSD_BYTES = 800_166_076_416L;
  static final long HDD_BYTES = 1_200_243_695_616L;

  final String systemId = "1";
  final String wwn = "600A098000A4B28D000000005B4E3F1C";
  String status = "optimal";
  long clockMillis = 1_700_000_000_000L;
  final long resetMillis = clockMillis - 86_400_000L;
  int progressStep = 25;
  /** Reads a new volume answers {@code initializing} to before it is ready; 0 = ready at once. */
  public int initReads = 1;
  private int sequence;

  final List<DriveState> drives = new ArrayList<>();
  final Map<String, PoolState> pools = new LinkedHashMap<>();
  final Map<String, VolumeState> volumes = new LinkedHashMap<>();
  CacheState cache;

  /** A drive. */
  public static final class DriveState {
    final String id;
    final String media;
    final long capacity;
    final int tray;
    final int slot;
    String status = "optimal";
    boolean available = true;
    String group = NO_GROUP;
    final IoCounters io = new IoCounters();

    DriveState(String id, String media, long capacity, int tray, int slot) {
      this.id = id;
      this.media = media;
      this.capacity = capacity;
      this.tray = tray;
      this.slot = slot;
    }

    public String id() {
      return id;
    }

    public String status() {
      return status;
    }

    public String group() {
      return group;
    }

    public String media() {
      return media;
    }
  }

  /** A pool or volume group. */
  public static final class PoolState {
    final String id;
    final String name;
    final String raidLevel;
    final String media;
    final Integer reserved;
    String raidStatus = "optimal";
    final Deque<String> stages = new ArrayDeque<>();
    String action = "none";
    int progress;

    PoolState(String id, String name, String raidLevel, String media, Integer reserved) {
      this.id = id;
      this.name = name;
      this.raidLevel = raidLevel;
      this.media = media;
      this.reserved = reserved;
    }

    public String name() {
      return name;
    }

    public String raidStatus() {
      return raidStatus;
    }
  }

  /** A volume. */
  public static final class VolumeState {
    final String id;
    final String name;
    final String poolId;
    final long capacity;
    final int segmentKb;
    boolean flashCached;
    String action = "none";
    int initReadsLeft;
    final IoCounters io = new IoCounters();

    VolumeState(String id, String name, String poolId, long capacity, int segmentKb) {
      this.id = id;
      this.name = name;
      this.poolId = poolId;
      this.capacity = capacity;
      this.segmentKb = segmentKb;
    }

    public boolean flashCached() {
      return flashCached;
    }

    public String name() {
      return name;
    }

    /** The long-running action, e.g. {@code initializing}; {@code none} when idle. */
    public String action() {
      return action;
    }

    public long capacity() {
      return capacity;
    }
  }

  /** The SSD cache. */
  public static final class CacheState {
    final String id;
    String name;
    String status = "optimal";
    final List<String> driveIds = new ArrayList<>();
    long reads;
    long hits;

    CacheState(String id, String name) {
      this.id = id;
      this.name = name;
    }

    public String status() {
      return status;
    }

    public List<String> driveIds() {
      return List.copyOf(driveIds);
    }

    public String name() {
      return name;
    }
  }

  /** Raw counters, as the controllers keep them. */
  static final class IoCounters {
    long readOps;
    long writeOps;
    long readBytes;
    long writeBytes;
    long readMicros;
    long writeMicros;
    long cacheHits;
  }

  /**
   * TR-4501's shelf plus room for a cache: tray 0 holds 24 SSDs (800 GB), tray 1 holds 20 SAS HDDs
   * (1.2 TB, 10k) in slots 1–20 and 4 SSDs in slots 21–24.
   */
  static ArrayState tr4501Shelf() {
    ArrayState state = new ArrayState();
    int n = 0;
    for (int slot = 1; slot <= 24; slot++) {
      state.drives.add(new DriveState(driveId(++n), "ssd", SSD_BYTES, 0, slot));
    }
    for (int slot = 1; slot <= 24; slot++) {
      boolean hdd = slot <= 20;
      state.drives.add(new DriveState(driveId(++n), hdd ? "hdd" : "ssd",
          hdd ? HDD_BYTES : SSD_BYTES, 1, slot));
    }
    return state;
  }

  static String driveId(int n) {
    return String.format("010000005000C500%024d", n);
  }

  static String trayRef(int tray) {
    return String.format("0E%038d", tray);
  }

  String nextId(String prefix) {
    return prefix + "000000600A098000A4B28D" + String.format("%016d", ++sequence);
  }

  // ---- lookups ---------------------------------------------------------------------------

  public Optional<DriveState> drive(String id) {
    return drives.stream().filter(d -> d.id.equals(id)).findFirst();
  }

  public Optional<PoolState> poolNamed(String name) {
    return pools.values().stream().filter(p -> p.name.equals(name)).findFirst();
  }

  public Optional<VolumeState> volumeNamed(String name) {
    return volumes.values().stream().filter(v -> v.name.equals(name)).findFirst();
  }

  public Optional<CacheState> cache() {
    return Optional.ofNullable(cache);
  }

  public List<VolumeState> volumes() {
    return List.copyOf(volumes.values());
  }

  public List<DriveState> drives() {
    return List.copyOf(drives);
  }

  List<DriveState> membersOf(String groupId) {
    List<DriveState> out = new ArrayList<>();
    drives.forEach(d -> {
      if (d.group.equals(groupId)) {
        out.add(d);
      }
    });
    return out;
  }

  List<VolumeState> volumesOf(String poolId) {
    List<VolumeState> out = new ArrayList<>();
    volumes.values().forEach(v -> {
      if (v.poolId.equals(poolId)) {
        out.add(v);
      }
    });
    return out;
  }

  /** Usable bytes of a pool: 8 of every 10 pieces hold data (RAID 6 8+2 stripes). */
  long usable(PoolState pool) {
    List<DriveState> members = membersOf(pool.id);
    long smallest = members.stream().mapToLong(d -> d.capacity).min().orElse(0);
    int dataDrives = members.size() - (pool.reserved == null ? 1 : pool.reserved);
    return Math.max(0, dataDrives) * smallest / 10 * 8;
  }

  long used(PoolState pool) {
    return volumesOf(pool.id).stream().mapToLong(v -> v.capacity).sum();
  }

  // ---- I/O the tests make the array serve ---------------------------------------------------

  /**
   * Counts I/O on a volume (and spreads it over its pool's drives), then advances the array clock.
   *
   * @param readMicros total read response time, microseconds
   */
  public void serve(String volumeName, long reads, long writes, long bytesPerOp, long readMicros,
      long writeMicros, long cacheHits, long millis) {
    VolumeState v = volumeNamed(volumeName).orElseThrow();
    v.io.readOps += reads;
    v.io.writeOps += writes;
    v.io.readBytes += reads * bytesPerOp;
    v.io.writeBytes += writes * bytesPerOp;
    v.io.readMicros += readMicros;
    v.io.writeMicros += writeMicros;
    v.io.cacheHits += cacheHits;
    if (cache != null) {
      cache.reads += reads;
      cache.hits += cacheHits;
    }
    List<DriveState> members = membersOf(v.poolId);
    for (DriveState d : members) {
      d.io.readOps += reads / members.size();
      d.io.writeOps += writes / members.size();
      d.io.readBytes += reads / members.size() * bytesPerOp;
      d.io.writeBytes += writes / members.size() * bytesPerOp;
      d.io.readMicros += readMicros / members.size();
      d.io.writeMicros += writeMicros / members.size();
    }
    clockMillis += millis;
  }

  // ---- long-running actions --------------------------------------------------------------

  /** A new volume initializes in the background for {@link #initReads} reads, as DDP volumes do. */
  void startInitializing(VolumeState v) {
    v.initReadsLeft = initReads;
    v.action = initReads > 0 ? "initializing" : "none";
  }

  /** One read of a volume: an initializing volume comes one read closer to ready. */
  void read(VolumeState v) {
    if (v.initReadsLeft > 0 && --v.initReadsLeft == 0) {
      v.action = "none";
    }
  }

  /**
   * Everything a hook may change, by name rather than id (ids of re-created objects differ):
   * drives' membership and state, pools, volumes and the SSD cache. Two equal descriptions mean
   * the array is in the same state.
   */
  public List<String> describe() {
    return StateDescription.of(this);
  }


  void startStages(PoolState pool, String... stages) {
    pool.stages.clear();
    pool.stages.addAll(List.of(stages));
    pool.action = pool.stages.poll();
    pool.progress = 0;
  }

  /** One poll of a pool's progress: advances the running action by {@link #progressStep}. */
  void advance(PoolState pool) {
    if ("none".equals(pool.action) || pool.action == null) {
      return;
    }
    if (pool.progress >= 100) {
      String next = pool.stages.poll();
      pool.action = next == null ? "none" : next;
      pool.progress = 0;
      if (next == null) {
        pool.raidStatus = "optimal";
        return;
      }
    }
    pool.progress = Math.min(100, pool.progress + progressStep);
  }
}
