package dev.refarch.platform.santricity.config;

import static dev.refarch.platform.santricity.config.SantricityKeys.*;

import dev.refarch.platform.santricity.api.ApiGeneration;
import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * All {@code santricity.*} settings of a run, parsed and checked together: unknown keys, bad
 * values and contradictions fail here, before anything touches the array.
 *
 * <p>Immutable and thread-safe. Two front ends give the same record: properties
 * ({@link #from(Map)}) and a fluent {@link Builder}.
 *
 * <pre>{@code
 * SantricitySettings s = SantricitySettings.builder()
 *     .url("https://10.0.0.20:8443")
 *     .pool("mongo_hdd_ddp", RaidLevel.DDP, DriveType.HDD, 20)
 *     .volumes(8, "mongo_hdd", 1397)
 *     .cache(CacheMode.ENABLED, 4)
 *     .build();
 * }</pre>
 *
 * @param connection where and how to log in
 * @param pool the pool
 * @param volumes the volumes
 * @param cache the SSD cache state
 * @param restore when to put the array back as the first {@code before} found it
 * @param keepCreated keep the pool and volumes the hook created when restoring after success
 * @param teardown whether to delete pool and cache after the run phase
 * @param stats whether to record per-phase rates
 * @param driveStats whether to record per-drive rates too
 * @param fault fault settings
 */
public record SantricitySettings(ConnectionSettings connection, PoolSettings pool,
    VolumeSettings volumes, CacheSettings cache, RestorePolicy restore, boolean keepCreated,
    boolean teardown, boolean stats, boolean driveStats, FaultSettings fault) {

  private static final Pattern SECRET_KEY =
      Pattern.compile("(?i).*(password|passwd|secret|token)(?!file).*");

  public SantricitySettings {
    Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(volumes, "volumes");
    Objects.requireNonNull(cache, "cache");
    Objects.requireNonNull(restore, "restore");
    Objects.requireNonNull(fault, "fault");
  }

  /**
   * Parses the {@code santricity.*} keys of {@code properties}; other keys are ignored.
   *
   * @throws ConfigurationException naming the key, the value, what is allowed and the fix
   */
  public static SantricitySettings from(Map<?, ?> properties) {
    rejectSecrets(properties);
    GROUP.validate(properties);
    String url = URL.find(properties).orElseThrow(() -> new ConfigurationException(URL.key(), null,
        URL.allowed(), "required: where the SANtricity Web Services answer"));
    ConnectionSettings connection = new ConnectionSettings(url, SYSTEM_ID.from(properties),
        USER.from(properties), readable(PASSWORD_FILE, properties), AUTH.from(properties),
        INSECURE.from(properties), readable(TRUST_CERTIFICATES, properties),
        TIMEOUT_SECONDS.from(properties),
        Optional.ofNullable(ApiGeneration.fromLabel(API.from(properties))));
    if (connection.insecure() && connection.trustCertificates().isPresent()) {
      throw new ConfigurationException(INSECURE.key(), "true", "false when "
          + TRUST_CERTIFICATES.key() + " is set", "choose one: trust the given certificates, or any");
    }
    return new SantricitySettings(connection, pool(properties), volumes(properties),
        new CacheSettings(CACHE_MODE.from(properties), CACHE_NAME.from(properties),
            CACHE_DRIVE_COUNT.from(properties)),
        RESTORE.from(properties), KEEP_CREATED.from(properties), TEARDOWN.from(properties), STATS.from(properties),
        STATS_DRIVES.from(properties),
        new FaultSettings(FAULT_ALLOW.from(properties), FAULT_POLL_MILLIS.from(properties),
            FAULT_TIMEOUT_MINUTES.from(properties), FAULT_CONFIRM_SECONDS.from(properties)));
  }

  /**
   * An undeclared key that looks like it holds a secret (e.g. {@code santricity.password}) is
   * rejected with its value masked: the generic unknown-key message would print the value.
   */
  private static void rejectSecrets(Map<?, ?> properties) {
    properties.keySet().stream().map(Object::toString).sorted()
        .filter(k -> k.startsWith(PREFIX) && GROUP.setting(k).isEmpty())
        .filter(k -> SECRET_KEY.matcher(k).matches())
        .findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException(k, Redaction.MASK, "no secret in properties (they are "
              + "recorded with results): the password comes from " + PASSWORD_FILE.key()
              + " or the environment variable " + PASSWORD_ENV, "unknown key");
        });
  }

  private static PoolSettings pool(Map<?, ?> properties) {
    RaidLevel raid = POOL_RAID.from(properties);
    boolean create = POOL_CREATE.from(properties);
    OptionalInt count = optionalInt(POOL_DRIVE_COUNT.find(properties));
    if (count.isEmpty() && create) {
      throw new ConfigurationException(POOL_DRIVE_COUNT.key(), null, raid.allowedCounts(),
          "required when " + POOL_CREATE.key() + "=true; or set " + POOL_CREATE.key()
              + "=false to use an existing pool only");
    }
    if (count.isPresent() && !raid.accepts(count.getAsInt())) {
      throw new ConfigurationException(POOL_DRIVE_COUNT.key(), String.valueOf(count.getAsInt()),
          raid.allowedCounts(), "change the count or " + POOL_RAID.key());
    }
    OptionalInt reserved = optionalInt(POOL_RESERVED.find(properties));
    if (reserved.isPresent() && raid != RaidLevel.DDP) {
      throw new ConfigurationException(POOL_RESERVED.key(), String.valueOf(reserved.getAsInt()),
          "unset unless " + POOL_RAID.key() + "=ddp", "only disk pools reserve rebuild capacity");
    }
    if (reserved.isPresent() && count.isPresent()
        && count.getAsInt() - reserved.getAsInt() < RaidLevel.DDP.minDrives() - 1) {
      throw new ConfigurationException(POOL_RESERVED.key(), String.valueOf(reserved.getAsInt()),
          "at most " + (count.getAsInt() - RaidLevel.DDP.minDrives() + 1) + " for "
              + count.getAsInt() + " drives", "a disk pool keeps 10 drives' worth for data");
    }
    DriveType type = POOL_DRIVE_TYPE.from(properties);
    return new PoolSettings(POOL_NAME.from(properties), create, raid, type, count, reserved);
  }

  private static VolumeSettings volumes(Map<?, ?> properties) {
    Optional<Long> size = VOLUME_SIZE_GB.find(properties);
    return new VolumeSettings(VOLUME_COUNT.from(properties), VOLUME_PREFIX.from(properties),
        size.map(OptionalLong::of).orElse(OptionalLong.empty()),
        VOLUME_SEGMENT_KB.from(properties),
        Duration.ofMinutes(VOLUME_INIT_TIMEOUT_MINUTES.from(properties)),
        Duration.ofMillis(VOLUME_INIT_POLL_MILLIS.from(properties)));
  }

  private static OptionalInt optionalInt(Optional<Integer> value) {
    return value.map(OptionalInt::of).orElse(OptionalInt.empty());
  }

  private static Optional<Path> readable(
      dev.refarch.platform.spi.config.Setting<Path> setting, Map<?, ?> properties) {
    Optional<Path> path = setting.find(properties);
    path.ifPresent(p -> {
      if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
        throw new ConfigurationException(setting.key(), p.toString(), setting.allowed(),
            "no readable file at " + p.toAbsolutePath());
      }
    });
    return path;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Collects {@code santricity.*} properties fluently; {@link #build()} parses them exactly as
   * {@link SantricitySettings#from(Map)} would, and {@link #properties()} hands them to a hook.
   *
   * <p>Not thread-safe.
   */
  public static final class Builder {

    private final Map<String, String> properties = new LinkedHashMap<>();

    private Builder() {
    }

    /** Sets any {@code santricity.*} key; {@link #build()} checks it. */
    public Builder set(String key, Object value) {
      properties.put(key, String.valueOf(value));
      return this;
    }

    public Builder url(String url) {
      return set(URL.key(), url);
    }

    public Builder systemId(String id) {
      return set(SYSTEM_ID.key(), id);
    }

    public Builder pool(String name, RaidLevel raid, DriveType type, int driveCount) {
      return set(POOL_NAME.key(), name).set(POOL_RAID.key(), lower(raid))
          .set(POOL_DRIVE_TYPE.key(), lower(type)).set(POOL_DRIVE_COUNT.key(), driveCount);
    }

    public Builder reservedDrives(int count) {
      return set(POOL_RESERVED.key(), count);
    }

    public Builder volumes(int count, String prefix, long sizeGb) {
      return set(VOLUME_COUNT.key(), count).set(VOLUME_PREFIX.key(), prefix)
          .set(VOLUME_SIZE_GB.key(), sizeGb);
    }

    public Builder cache(CacheMode mode, int driveCount) {
      return set(CACHE_MODE.key(), lower(mode)).set(CACHE_DRIVE_COUNT.key(), driveCount);
    }

    public Builder cache(CacheMode mode) {
      return set(CACHE_MODE.key(), lower(mode));
    }

    /** A copy of the properties collected so far, in the order they were set. */
    public Map<String, String> properties() {
      return new LinkedHashMap<>(properties);
    }

    public SantricitySettings build() {
      return from(properties);
    }

    private static String lower(Enum<?> e) {
      return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }
}
