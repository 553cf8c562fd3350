package dev.refarch.platform.santricity.config;

import dev.refarch.platform.santricity.api.AuthMode;
import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every {@code santricity.*} setting, declared once: key, default, what is allowed and a one-line
 * description. {@link #GROUP} rejects unknown keys with the closest known one and renders the
 * README's property table ({@code java ... SantricityKeys} prints it).
 *
 * <p>Immutable and thread-safe.
 */
public final class SantricityKeys {

  public static final String PREFIX = "santricity.";

  /** The environment variable holding the password when {@code santricity.passwordFile} is unset. */
  public static final String PASSWORD_ENV = "SANTRICITY_PASSWORD";

  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_-]{1,30}");
  private static final Pattern PREFIX_LABEL = Pattern.compile("[A-Za-z0-9_-]{1,26}");

  public static final Setting<String> URL = Setting.custom("santricity.url", "url", null,
      "an http(s) URL without user or password, e.g. https://10.0.0.20:8443",
      "SANtricity Web Services of a controller (embedded) or proxy; /devmgr/v2 is appended",
      SantricityKeys::url);
  public static final Setting<String> SYSTEM_ID = Setting.string("santricity.systemId", "1",
      "storage system id or WWN; 1 on a controller's embedded Web Services");
  public static final Setting<String> USER = Setting.string("santricity.user", "admin",
      "user to log in as (needs storage.admin to change pools, volumes and cache)");
  public static final Setting<Path> PASSWORD_FILE = Setting.custom("santricity.passwordFile",
      "path", null, "a readable file", "file whose first line is the password; when unset the "
          + "password comes from the environment variable " + PASSWORD_ENV, Path::of);
  public static final Setting<AuthMode> AUTH = Setting.ofEnum("santricity.auth", AuthMode.BASIC,
      AuthMode.class, "basic: credentials on every request; session: log in once for a token "
          + "(POST /access-token, embedded Web Services only)");
  public static final Setting<Boolean> INSECURE = Setting.bool("santricity.insecure", false,
      "accept any TLS certificate and host name, for this adapter's HTTP client only");
  public static final Setting<Path> TRUST_CERTIFICATES = Setting.custom(
      "santricity.trustCertificates", "path", null, "a readable PEM file",
      "certificates to trust instead of the JVM's trust store (e.g. the array's self-signed one)",
      Path::of);
  public static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer(
      "santricity.timeoutSeconds", 30, 1, 600, "seconds one API request may take");
  public static final Setting<String> API = Setting.custom("santricity.api", "choice", "auto",
      "auto, 11.9x, 12.0x", "API generation; auto reads the Web Services version (8.00 and "
          + "later speak 12.0x)",
      SantricityKeys::api);

  public static final Setting<String> POOL_NAME = Setting.custom("santricity.pool.name", "name",
      "mongodb_pool", "1-30 letters, digits, _ or -", "pool holding the trial's volumes",
      s -> label(s, LABEL));
  public static final Setting<Boolean> POOL_CREATE = Setting.bool("santricity.pool.create", true,
      "create the pool when missing; false fails before any change if it is missing");
  public static final Setting<RaidLevel> POOL_RAID = Setting.ofEnum("santricity.pool.raidLevel",
      RaidLevel.DDP, RaidLevel.class, "ddp = Dynamic Disk Pool; raidN = RAID volume group");
  public static final Setting<DriveType> POOL_DRIVE_TYPE = Setting.ofEnum(
      "santricity.pool.driveType", DriveType.SSD, DriveType.class, "media of the pool's drives");
  public static final Setting<Integer> POOL_DRIVE_COUNT = Setting.integer(
      "santricity.pool.driveCount", null, 1, 480, "drives in the pool (ddp: 11 or more; raid1: "
          + "even; raid5/6: at most 30); required when santricity.pool.create=true");
  public static final Setting<Integer> POOL_RESERVED = Setting.integer(
      "santricity.pool.reservedDrives", null, 0, 10, "ddp only: drives' worth of preservation "
          + "capacity for rebuilds (sent to 12.0x only); unset = the array's default");

  public static final Setting<Integer> VOLUME_COUNT = Setting.integer("santricity.volume.count",
      8, 1, 256, "volumes named {prefix}_1 … {prefix}_{count}, one per MongoDB server");
  public static final Setting<String> VOLUME_PREFIX = Setting.custom("santricity.volume.prefix",
      "name", "mongodb", "1-26 letters, digits, _ or -", "volume name prefix",
      s -> label(s, PREFIX_LABEL));
  public static final Setting<Long> VOLUME_SIZE_GB = Setting.longInteger(
      "santricity.volume.sizeGb", null, 1L, 1L << 30, "volume capacity in GiB (SANtricity's gb "
          + "unit); required when volumes must be created; existing volumes are checked against it");
  public static final Setting<Integer> VOLUME_SEGMENT_KB = Setting.choice(
      "santricity.volume.segmentSizeKb", 128, segmentSizes(), "segment size in KiB (disk pools use 128)");
  public static final Setting<Integer> VOLUME_INIT_TIMEOUT_MINUTES = Setting.integer(
      "santricity.volume.initTimeoutMinutes", 720, 1, 10_080, "how long before waits for the "
          + "trial's volumes to finish initializing (VolumeEx.action) before the phase may use them");
  public static final Setting<Long> VOLUME_INIT_POLL_MILLIS = Setting.longInteger(
      "santricity.volume.initPollMillis", 30_000L, 100L, 3_600_000L,
      "interval between polls of initializing volumes, milliseconds");

  public static final Setting<CacheMode> CACHE_MODE = Setting.ofEnum("santricity.cache.mode",
      CacheMode.UNCHANGED, CacheMode.class, "SSD read cache for the trial's volumes: unchanged, "
          + "enabled (create/resume it, cache every volume), disabled (cache no volume), suspended");
  public static final Setting<String> CACHE_NAME = Setting.custom("santricity.cache.name", "name",
      "mongodb_ssd_cache", "1-30 letters, digits, _ or -",
      "name given to an SSD cache the hook creates (an existing cache keeps its name)",
      s -> label(s, LABEL));
  public static final Setting<Integer> CACHE_DRIVE_COUNT = Setting.integer(
      "santricity.cache.driveCount", 4, 1, 24, "SSDs in the SSD cache when mode=enabled; a "
          + "smaller cache is grown, a larger one left as is");

  public static final Setting<RestorePolicy> RESTORE = Setting.ofEnum("santricity.restore",
      RestorePolicy.RUN, RestorePolicy.class, "when to put the array back as the first before "
          + "found it (SSD cache state, volume cache settings, pool and volumes the hook created): "
          + "after the run phase, after each phase, or never (a failed phase always restores)");
  public static final Setting<Boolean> KEEP_CREATED = Setting.bool("santricity.keepCreated",
      false, "keep the pool and volumes the hook created when it restores after a successful "
          + "phase, e.g. to reuse them in the next trial (a failed phase still deletes them)");
  public static final Setting<Boolean> TEARDOWN = Setting.bool("santricity.teardown", false,
      "after the run phase, delete the pool (with its volumes) and the SSD cache named in these "
          + "settings; destroys the data");
  public static final Setting<Boolean> STATS = Setting.bool("santricity.stats", true,
      "record per-volume IOPS, MB/s and latency of each phase from the array's counters");
  public static final Setting<Boolean> STATS_DRIVES = Setting.bool("santricity.stats.drives", true,
      "also record per-drive rates of the pool's drives");

  public static final Setting<Boolean> FAULT_ALLOW = Setting.bool("santricity.fault.allow", false,
      "opt in to fail-drive and replace-drive faults (they degrade the pool)");
  public static final Setting<Long> FAULT_POLL_MILLIS = Setting.longInteger(
      "santricity.fault.pollMillis", 30_000L, 100L, 3_600_000L,
      "interval between reconstruction progress polls, milliseconds");
  public static final Setting<Integer> FAULT_TIMEOUT_MINUTES = Setting.integer(
      "santricity.fault.timeoutMinutes", 360, 1, 10_080,
      "how long to follow reconstruction and rebalancing after a fault");
  public static final Setting<Integer> FAULT_CONFIRM_SECONDS = Setting.integer(
      "santricity.fault.confirmSeconds", 60, 1, 3_600,
      "how long to wait for the array to report the drive failed or replaced");

  public static final SettingGroup GROUP = SettingGroup.of(PREFIX, URL, SYSTEM_ID, USER,
      PASSWORD_FILE, AUTH, INSECURE, TRUST_CERTIFICATES, TIMEOUT_SECONDS, API, POOL_NAME,
      POOL_CREATE, POOL_RAID, POOL_DRIVE_TYPE, POOL_DRIVE_COUNT, POOL_RESERVED, VOLUME_COUNT,
      VOLUME_PREFIX, VOLUME_SIZE_GB, VOLUME_SEGMENT_KB, VOLUME_INIT_TIMEOUT_MINUTES,
      VOLUME_INIT_POLL_MILLIS, CACHE_MODE, CACHE_NAME, CACHE_DRIVE_COUNT, RESTORE, KEEP_CREATED,
      TEARDOWN, STATS, STATS_DRIVES, FAULT_ALLOW, FAULT_POLL_MILLIS,
      FAULT_TIMEOUT_MINUTES, FAULT_CONFIRM_SECONDS);

  private SantricityKeys() {
  }

  /** Prints the README's property table. */
  public static void main(String[] args) {
    System.out.print(GROUP.markdownTable());
  }

  private static String url(String raw) {
    String allowed = URL.allowed();
    URI uri;
    try {
      uri = URI.create(raw.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(allowed);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null) {
      throw new IllegalArgumentException(allowed);
    }
    if (uri.getUserInfo() != null) {
      throw new IllegalArgumentException(allowed + "; put the password in " + PASSWORD_ENV
          + " or santricity.passwordFile, not in the URL");
    }
    return ClientConfig.apiRoot(raw).toString();
  }

  private static String api(String raw) {
    String value = raw.trim().toLowerCase(Locale.ROOT);
    if (!value.equals("auto") && !value.equals("11.9x") && !value.equals("12.0x")) {
      throw new IllegalArgumentException("auto, 11.9x, 12.0x");
    }
    return value;
  }

  private static String label(String raw, Pattern pattern) {
    String value = raw.trim();
    if (!pattern.matcher(value).matches()) {
      throw new IllegalArgumentException(pattern == LABEL ? "1-30 letters, digits, _ or -"
          : "1-26 letters, digits, _ or -");
    }
    return value;
  }

  private static Map<String, Integer> segmentSizes() {
    Map<String, Integer> sizes = new LinkedHashMap<>();
    for (int kb : new int[] {32, 64, 128, 256, 512}) {
      sizes.put(String.valueOf(kb), kb);
    }
    return sizes;
  }
}
