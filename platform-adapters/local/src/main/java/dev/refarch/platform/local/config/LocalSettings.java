package dev.refarch.platform.local.config;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.config.SettingGroup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The {@code local.*} settings of the local provisioner, parsed and validated in one go.
 *
 * <p>Immutable and thread-safe. Each key is declared once below; {@link #GROUP} renders the
 * README table and rejects misspelt keys.
 *
 * <pre>{@code
 * LocalSettings s = LocalSettings.from(Map.of("local.wiredTigerCacheSizeGB", "0.5"));
 * }</pre>
 *
 * @param wiredTigerCacheSizeGB WiredTiger cache of each {@code mongod}, GB, at least 0.25
 * @param startTimeout how long a start (or a restart fault) may take before it fails
 * @param keepData whether data and logs stay on disk after the cluster is closed
 * @param extraArgs extra {@code mongod} arguments, appended last (never passed to {@code mongos})
 * @param electionTimeoutMillis replica sets' {@code settings.electionTimeoutMillis}; empty keeps
 *     the server default (10000)
 * @param workDir parent of each cluster's temporary directory
 * @param shutdownTimeoutMillis how long a {@code mongod} that got {@code SIGTERM} may spend
 *     stepping down and quiescing ({@code shutdownTimeoutMillisForSignaledShutdown})
 * @param ioCap the block I/O cap of every {@code mongod} for the cluster's life, if any
 */
public record LocalSettings(double wiredTigerCacheSizeGB, Duration startTimeout, boolean keepData,
    List<String> extraArgs, OptionalInt electionTimeoutMillis, Path workDir,
    int shutdownTimeoutMillis, java.util.Optional<BlockIoThrottle.Cap> ioCap) {

  public static final Setting<Double> WIRED_TIGER_CACHE_GB = Setting.decimal(
      "local.wiredTigerCacheSizeGB", 0.25, 0.25, 1024.0,
      "WiredTiger cache of each mongod in GB (mongod's minimum is 0.25)");
  public static final Setting<Integer> START_TIMEOUT_SECONDS = Setting.integer(
      "local.startTimeoutSeconds", 60, 1, 3600,
      "how long starting the cluster, or restarting a member, may take");
  public static final Setting<Boolean> KEEP_DATA = Setting.bool("local.keepData", false,
      "keep data directories and logs after close (for post-mortems)");
  public static final Setting<String> EXTRA_ARGS = Setting.string("local.extraArgs", null,
      "extra mongod arguments, whitespace-separated, appended last; not passed to mongos");
  public static final Setting<Integer> ELECTION_TIMEOUT_MILLIS = Setting.integer(
      "local.electionTimeoutMillis", null, 100, 600_000,
      "replica set settings.electionTimeoutMillis; unset keeps the server default (10000)");
  public static final Setting<String> WORK_DIR = Setting.string("local.workDir", null,
      "parent directory of each cluster's temporary directory; unset uses java.io.tmpdir");
  // The server default (15000) quiesces every replica set member for 15 s after SIGTERM, which
  // outlasts the 10 s a stop waits before SIGKILL and makes every close slow.
  public static final Setting<Integer> SHUTDOWN_TIMEOUT_MILLIS = Setting.integer(
      "local.shutdownTimeoutMillis", 1000, 0, 60_000,
      "mongod shutdownTimeoutMillisForSignaledShutdown: how long a SIGTERM'd member steps down"
          + " and quiesces (server default 15000)");

  public static final Setting<Long> IO_MAX_IOPS = BlockIoThrottle.maxIops("local.");
  public static final Setting<Long> IO_MAX_BPS = BlockIoThrottle.maxBps("local.");

  /** Every {@code local.*} setting. */
  public static final SettingGroup GROUP = SettingGroup.of("local.", WIRED_TIGER_CACHE_GB,
      START_TIMEOUT_SECONDS, KEEP_DATA, EXTRA_ARGS, ELECTION_TIMEOUT_MILLIS, WORK_DIR,
      SHUTDOWN_TIMEOUT_MILLIS, IO_MAX_IOPS, IO_MAX_BPS);

  public LocalSettings {
    if (!(wiredTigerCacheSizeGB >= 0.25)) {
      throw new IllegalArgumentException("wiredTigerCacheSizeGB < 0.25: " + wiredTigerCacheSizeGB);
    }
    Objects.requireNonNull(startTimeout, "startTimeout");
    extraArgs = List.copyOf(extraArgs);
    Objects.requireNonNull(electionTimeoutMillis, "electionTimeoutMillis");
    workDir = workDir.toAbsolutePath();
    Objects.requireNonNull(ioCap, "ioCap");
    if (shutdownTimeoutMillis < 0) {
      throw new IllegalArgumentException("shutdownTimeoutMillis < 0: " + shutdownTimeoutMillis);
    }
  }

  /**
   * Reads the {@code local.*} keys of {@code settings}; other keys are left to their owners.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown
   *     {@code local.*} key or a value that is not allowed
   */
  public static LocalSettings from(Map<String, String> settings) {
    GROUP.validate(settings);
    String extra = EXTRA_ARGS.from(settings);
    Integer election = ELECTION_TIMEOUT_MILLIS.from(settings);
    String workDir = WORK_DIR.from(settings);
    return new LocalSettings(
        WIRED_TIGER_CACHE_GB.from(settings),
        Duration.ofSeconds(START_TIMEOUT_SECONDS.from(settings)),
        KEEP_DATA.from(settings),
        extra == null ? List.of() : Arrays.asList(extra.trim().split("\\s+")),
        election == null ? OptionalInt.empty() : OptionalInt.of(election),
        workDir == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(workDir),
        SHUTDOWN_TIMEOUT_MILLIS.from(settings),
        BlockIoThrottle.capFrom(IO_MAX_IOPS, IO_MAX_BPS, settings));
  }

  /** Every setting at its default. */
  public static LocalSettings defaults() {
    return from(Map.of());
  }

  /** The cache size as {@code mongod} wants it on its command line, e.g. {@code 0.25}. */
  public String cacheSizeArgument() {
    return java.math.BigDecimal.valueOf(wiredTigerCacheSizeGB).stripTrailingZeros()
        .toPlainString();
  }
}
