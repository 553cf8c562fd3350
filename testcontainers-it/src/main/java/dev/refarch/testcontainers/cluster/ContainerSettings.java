package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import org.testcontainers.utility.DockerImageName;

/**
 * The {@code testcontainers.*} settings of the container clusters, parsed and validated in one
 * go; each key is declared once below and {@link #GROUP} rejects misspelt ones.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * ContainerSettings s = ContainerSettings.from(Map.of("testcontainers.image", "mongo:7.0"));
 * }</pre>
 *
 * @param image the image of every {@code mongod} member (and of the routers unless
 *     {@code mongosImage} names another)
 * @param mongosImage the image of the {@code mongos} routers
 * @param startTimeout how long starting the whole cluster may take, image pulls excluded
 * @param wiredTigerCacheSizeGB WiredTiger cache of each {@code mongod}, GB, at least 0.25
 * @param electionTimeoutMillis replica sets' {@code settings.electionTimeoutMillis}; empty keeps
 *     the server default (10000)
 * @param advertisedHost how members of a multi-member replica set name themselves, so that
 *     clients outside Docker and the members inside reach each other; empty picks one
 * @param shutdownTimeoutMillis how long a {@code mongod} stopped with SIGTERM ({@code stop})
 *     steps down and quiesces
 * @param ioCap the block I/O cap of every {@code mongod} member for the cluster's life, if any
 * @param clientProxy whether this machine's connections to the members pass a Toxiproxy proxy
 *     per member, which {@code delay} and {@code bandwidth} faults need
 */
public record ContainerSettings(DockerImageName image, DockerImageName mongosImage,
    Duration startTimeout, double wiredTigerCacheSizeGB, OptionalInt electionTimeoutMillis,
    Optional<String> advertisedHost, int shutdownTimeoutMillis,
    Optional<BlockIoThrottle.Cap> ioCap, boolean clientProxy) {

  /**
   * The image used when neither {@code testcontainers.image} nor {@value #IMAGE_ENV} is set: the
   * official image, for machines that reach Docker Hub.
   */
  public static final String DEFAULT_IMAGE = "mongo:8.0";
  /**
   * The environment variable naming the image when {@code testcontainers.image} is not set;
   * {@code src/bin/build-images} exports it for the image it built.
   */
  public static final String IMAGE_ENV = "REFARCH_MONGOD_IMAGE";

  private static final String IMAGE_ALLOWED = "a Docker image name, e.g. mongo:8.0";
  public static final Setting<String> IMAGE = image("testcontainers.image", DEFAULT_IMAGE,
      "the image of every mongod member (and of the routers unless testcontainers.mongosImage"
          + " is set); unset: $" + IMAGE_ENV + " when set (src/bin/build-images exports it),"
          + " else the official image");
  public static final Setting<String> MONGOS_IMAGE = image("testcontainers.mongosImage", null,
      "the image of the mongos routers of a sharded cluster; unset: testcontainers.image");
  public static final Setting<Integer> START_TIMEOUT_SECONDS = Setting.integer(
      "testcontainers.startTimeoutSeconds", 180, 1, 3600,
      "how long starting the cluster may take (containers, replica sets, shards), image pulls"
          + " excluded");
  public static final Setting<Double> WIRED_TIGER_CACHE_GB = Setting.decimal(
      "testcontainers.wiredTigerCacheSizeGB", 0.25, 0.25, 1024.0,
      "WiredTiger cache of each mongod in GB; small, since a sharded cluster runs many");
  public static final Setting<Integer> ELECTION_TIMEOUT_MILLIS = Setting.integer(
      "testcontainers.electionTimeoutMillis", null, 100, 600_000,
      "replica sets' settings.electionTimeoutMillis; unset keeps the server default (10000)");
  public static final Setting<String> ADVERTISED_HOST = Setting.string(
      "testcontainers.advertisedHost", null,
      "host name or IP under which members of a replica set of two or more members are"
          + " advertised, reachable from the tests and from inside Docker; unset: the Docker"
          + " network's gateway when Docker runs locally, else the Docker host");

  public static final Setting<Integer> SHUTDOWN_TIMEOUT_MILLIS = Setting.integer(
      "testcontainers.shutdownTimeoutMillis", 1000, 0, 60_000,
      "mongod shutdownTimeoutMillisForSignaledShutdown: how long a member stopped with SIGTERM"
          + " steps down and quiesces (server default 15000)");

  public static final Setting<Long> IO_MAX_IOPS = BlockIoThrottle.maxIops("testcontainers.");
  public static final Setting<Long> IO_MAX_BPS = BlockIoThrottle.maxBps("testcontainers.");
  public static final Setting<Boolean> CLIENT_PROXY = Setting.bool("testcontainers.clientProxy",
      false, "pass this machine's connections to each member through a Toxiproxy proxy of its"
          + " own (the members' traffic among themselves does not), set up before any client"
          + " connects; the delay and bandwidth faults need it. Costs a relay per message");

  /** Every {@code testcontainers.*} setting. */
  public static final SettingGroup GROUP = SettingGroup.of("testcontainers.", IMAGE,
      MONGOS_IMAGE, START_TIMEOUT_SECONDS, WIRED_TIGER_CACHE_GB, ELECTION_TIMEOUT_MILLIS,
      ADVERTISED_HOST, SHUTDOWN_TIMEOUT_MILLIS, IO_MAX_IOPS, IO_MAX_BPS, CLIENT_PROXY);

  private static Setting<String> image(String key, String defaultValue, String description) {
    return Setting.custom(key, "image", defaultValue, IMAGE_ALLOWED, description, text -> {
      try {
        DockerImageName.parse(text.trim()).assertValid();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(IMAGE_ALLOWED + " (" + e.getMessage() + ")", e);
      }
      return text.trim();
    });
  }

  public ContainerSettings {
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(mongosImage, "mongosImage");
    Objects.requireNonNull(startTimeout, "startTimeout");
    if (!(wiredTigerCacheSizeGB >= 0.25)) {
      throw new IllegalArgumentException("wiredTigerCacheSizeGB < 0.25: " + wiredTigerCacheSizeGB);
    }
    Objects.requireNonNull(electionTimeoutMillis, "electionTimeoutMillis");
    Objects.requireNonNull(advertisedHost, "advertisedHost");
    Objects.requireNonNull(ioCap, "ioCap");
  }

  /**
   * Reads the {@code testcontainers.*} keys of {@code settings}; other keys are left to their
   * owners.
   *
   * @throws dev.refarch.platform.spi.config.ConfigurationException for an unknown key under
   *     {@code testcontainers.} or a value that is not allowed
   */
  public static ContainerSettings from(Map<String, String> settings) {
    return from(settings, System::getenv);
  }

  /** As {@link #from(Map)}, reading {@value #IMAGE_ENV} from {@code env}. */
  static ContainerSettings from(Map<String, String> settings, UnaryOperator<String> env) {
    GROUP.validate(settings);
    Integer election = ELECTION_TIMEOUT_MILLIS.from(settings);
    String image = IMAGE.find(settings).orElseGet(() -> imageFromEnvironment(env));
    return new ContainerSettings(DockerImageName.parse(image),
        DockerImageName.parse(MONGOS_IMAGE.find(settings).orElse(image)),
        Duration.ofSeconds(START_TIMEOUT_SECONDS.from(settings)),
        WIRED_TIGER_CACHE_GB.from(settings),
        election == null ? OptionalInt.empty() : OptionalInt.of(election),
        Optional.ofNullable(ADVERTISED_HOST.from(settings)).map(String::trim),
        SHUTDOWN_TIMEOUT_MILLIS.from(settings),
        BlockIoThrottle.capFrom(IO_MAX_IOPS, IO_MAX_BPS, settings),
        CLIENT_PROXY.from(settings));
  }

  private static String imageFromEnvironment(UnaryOperator<String> env) {
    String value = env.apply(IMAGE_ENV);
    if (value == null || value.isBlank()) {
      return DEFAULT_IMAGE;
    }
    try {
      return IMAGE.parse(value);
    } catch (ConfigurationException e) {
      throw new ConfigurationException(IMAGE_ENV, value, IMAGE_ALLOWED,
          "the environment variable names the image when testcontainers.image is not set");
    }
  }

  /** Every setting at its default. */
  public static ContainerSettings defaults() {
    return from(Map.of());
  }

  /** The cache size as {@code mongod} wants it on its command line, e.g. {@code 0.25}. */
  public String cacheSizeArgument() {
    return java.math.BigDecimal.valueOf(wiredTigerCacheSizeGB).stripTrailingZeros()
        .toPlainString();
  }
}
