package dev.refarch.platform.santricity.api;

import static dev.refarch.platform.santricity.api.internal.Transport.path;

import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.internal.Transport;
import dev.refarch.platform.santricity.api.model.Controller;
import dev.refarch.platform.santricity.api.model.SoftwareVersions;
import dev.refarch.platform.santricity.api.model.StorageSystem;
import dev.refarch.platform.santricity.api.model.SystemIdentity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A client for one storage system behind SANtricity Web Services {@code /devmgr/v2}, embedded on
 * the controllers or running as a proxy. Resources are reached through small accessors named after
 * the array's objects.
 *
 * <p>Thread-safe. Connecting does not contact the array; the first call does. The API generation
 * (11.9x or 12.0x) is taken from the configuration or detected on first use from the Web
 * Services version: 8.00 and later speak 12.0x.
 *
 * <pre>{@code
 * try (SantricityClient client = SantricityClient.connect(config)) {
 *   StorageSystem system = client.system();
 *   List<Pool> pools = client.pools().list();
 *   client.ssdCache().find().ifPresent(cache -> client.ssdCache().suspend(cache));
 * }
 * }</pre>
 */
public final class SantricityClient implements AutoCloseable {

  private final ClientConfig config;
  private final Transport transport;
  private final Consumer<String> notices;
  private volatile ApiGeneration generation;

  private SantricityClient(ClientConfig config, Consumer<String> notices) {
    this.config = config;
    this.transport = new Transport(config);
    this.notices = notices;
    this.generation = config.generation().orElse(null);
  }

  /** A client that reports nothing but errors. */
  public static SantricityClient connect(ClientConfig config) {
    return connect(config, message -> { });
  }

  /**
   * A client that reports recoveries (e.g. a create that answered 422 but succeeded) to
   * {@code notices}; messages never carry secrets.
   */
  public static SantricityClient connect(ClientConfig config, Consumer<String> notices) {
    return new SantricityClient(Objects.requireNonNull(config), Objects.requireNonNull(notices));
  }

  public ClientConfig config() {
    return config;
  }

  public String systemId() {
    return config.systemId();
  }

  /** Every storage system the Web Services manage (one on the embedded Web Services). */
  public List<StorageSystem> systems() {
    return Json.readList(transport.get("storage-systems", "list storage systems"),
        StorageSystem.class);
  }

  /** This client's storage system: status, firmware version, model. */
  public StorageSystem system() {
    return Json.read(transport.get(path("storage-systems", config.systemId()),
        "read storage system '" + config.systemId() + "'"), StorageSystem.class);
  }

  /**
   * The embedded {@code about} endpoint's identification; empty through a proxy, which does not
   * serve it.
   */
  public Optional<SystemIdentity> identity() {
    try {
      return Optional.ofNullable(Json.read(transport.get(path("storage-systems",
          config.systemId(), "about"), "read identification of storage system '"
          + config.systemId() + "'"), SystemIdentity.class));
    } catch (SantricityApiException e) {
      if (e.status() == 404 || e.status() == 422) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The Web Services version ({@code GET /upgrade}), e.g. {@code 08.00.00.9011}; empty if unknown. */
  public Optional<String> webServicesVersion() {
    try {
      SoftwareVersions versions = Json.read(transport.get("upgrade",
          "read Web Services versions"), SoftwareVersions.class);
      if (versions == null) {
        return Optional.empty();
      }
      // Prefer the Web Services component when several are listed.
      return versions.currentVersions().stream()
          .filter(v -> v.version() != null)
          .sorted(java.util.Comparator.comparing((SoftwareVersions.Version v) ->
              v.context() == null || !v.context().toLowerCase(java.util.Locale.ROOT)
                  .contains("web")))
          .map(SoftwareVersions.Version::version).findFirst();
    } catch (SantricityApiException e) {
      if (e.status() == 403 || e.status() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The API generation, detected once on first use unless configured. */
  public ApiGeneration generation() {
    ApiGeneration known = generation;
    if (known == null) {
      known = detectGeneration();
      generation = known;
    }
    return known;
  }

  /**
   * The SSD cache resource arrived with Web Services 8.00 (the 12.0x swagger marks
   * {@code flash-cache} "deprecated since 8.00"), so the version from {@code GET /upgrade}, which
   * both swagger files define, decides. Only when it is unavailable does the client probe
   * {@code ssd-caches}: a 404 means 11.9x.
   */
  private ApiGeneration detectGeneration() {
    Optional<Integer> major = webServicesVersion().flatMap(SantricityClient::major);
    if (major.isPresent()) {
      return major.get() >= 8 ? ApiGeneration.V12_0X : ApiGeneration.V11_9X;
    }
    try {
      transport.get(path("storage-systems", config.systemId(), "ssd-caches"),
          "detect the API generation of storage system '" + config.systemId() + "'");
      return ApiGeneration.V12_0X;
    } catch (SantricityApiException e) {
      if (e.isNotFound()) {
        return ApiGeneration.V11_9X;
      }
      throw e;
    }
  }

  private static Optional<Integer> major(String version) {
    try {
      return Optional.of(Integer.parseInt(version.trim().split("\\.")[0]));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public Pools pools() {
    return new Pools(transport, config.systemId(), this::generation, notices);
  }

  public Volumes volumes() {
    return new Volumes(transport, config.systemId(), notices);
  }

  public Drives drives() {
    return new Drives(transport, config.systemId(), this::generation);
  }

  public List<Controller> controllers() {
    return Json.readList(transport.get(path("storage-systems", config.systemId(), "controllers"),
        "list controllers of storage system '" + config.systemId() + "'"), Controller.class);
  }

  /** The SSD cache through {@code ssd-caches} on 12.0x, else through {@code flash-cache}. */
  public SsdCacheApi ssdCache() {
    return generation() == ApiGeneration.V12_0X
        ? new SsdCachesResource(transport, config.systemId())
        : new FlashCacheResource(transport, config.systemId());
  }

  public Statistics statistics() {
    return new Statistics(transport, config.systemId());
  }

  public SymbolCalls symbol() {
    return new SymbolCalls(transport, config.systemId());
  }

  /**
   * Releases nothing on the array: a session token is left to expire, because
   * {@code DELETE /access-token} would revoke every token of every user on the controller.
   */
  @Override
  public void close() {
  }

  @Override
  public String toString() {
    return "SantricityClient[" + config.printableRoot() + ", system " + config.systemId() + "]";
  }
}
