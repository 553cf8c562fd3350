package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.ApiGeneration;
import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.SsdCache;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.SantricitySettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Applies a {@link ProvisioningPlan}: creates the pool and missing volumes, creates, grows, resumes
 * or suspends the SSD cache, sets each volume's cache setting, and waits until every trial volume
 * has finished initializing. It changes only what differs, so applying a plan of an array already
 * in shape sends no changing request.
 *
 * <p>Each created object goes into the {@link RestoreLedger} as soon as it exists — also when its
 * create request failed but the array made it anyway (a timeout, a 5xx after the change), which is
 * checked by name before the failure is passed on — so that the restore can delete it.
 *
 * <p>Not thread-safe; one apply per {@code before}.
 */
final class Provisioner {

  private final SantricityClient client;
  private final SantricitySettings settings;
  private final RestoreLedger ledger;
  private final Consumer<String> log;
  private final List<String> changes = new ArrayList<>();

  Provisioner(SantricityClient client, SantricitySettings settings, RestoreLedger ledger,
      Consumer<String> log) {
    this.client = client;
    this.settings = settings;
    this.ledger = ledger;
    this.log = log;
  }

  Provisioned apply(ProvisioningPlan plan) {
    Pool pool = plan.pool().orElseGet(() -> createPool(plan));
    List<String> poolDrives = plan.pool().isPresent()
        ? plan.drives().stream().filter(d -> d.belongsTo(pool.volumeGroupRef())).map(Drive::id)
            .collect(Collectors.toList())
        : ids(plan.newPoolDrives());
    List<Volume> volumes = new ArrayList<>();
    for (String name : settings.volumes().names()) {
      Volume existing = plan.existingVolumes().get(name);
      volumes.add(existing != null ? existing : createVolume(pool, name));
    }
    Optional<SsdCache> cache = applyCache(plan);
    Optional<Boolean> target = plan.volumeCacheTarget();
    if (target.isPresent() && (cache.isPresent() || target.get())) {
      for (int i = 0; i < volumes.size(); i++) {
        Volume v = volumes.get(i);
        if (v.flashCached() != target.get()) {
          volumes.set(i, client.volumes().setFlashCache(v, target.get()));
          change((target.get() ? "enabled" : "disabled") + " SSD cache for volume '" + v.name()
              + "'");
        }
      }
    }
    return new Provisioned(pool, poolDrives, awaitInitialized(volumes), cache, changes);
  }

  private Pool createPool(ProvisioningPlan plan) {
    var spec = settings.pool();
    Integer reserved = spec.reservedDrives().isPresent() ? spec.reservedDrives().getAsInt() : null;
    if (reserved != null && plan.generation() == ApiGeneration.V11_9X) {
      log.accept("santricity: santricity.pool.reservedDrives is not sent: the 11.9x pool request "
          + "has no reconstructionDriveCount, so the array's default applies");
    }
    Pool pool = recorded(() -> client.pools().create(spec.name(), spec.raidLevel(),
        ids(plan.newPoolDrives()), reserved), () -> client.pools().byName(spec.name()),
        p -> ledger.poolCreated(p.id(), p.name()));
    change("created pool '" + pool.name() + "' (" + spec.raidLevel().name().toLowerCase(
        java.util.Locale.ROOT) + ", " + plan.newPoolDrives().size() + " " + spec.driveType()
        .apiName() + " drives)");
    return pool;
  }

  private Volume createVolume(Pool pool, String name) {
    long size = settings.volumes().sizeGb().getAsLong();
    Volume volume = recorded(() -> client.volumes().create(pool, name, size,
        settings.volumes().segmentSizeKb()), () -> client.volumes().byName(name),
        v -> ledger.volumeCreated(v.id(), v.name()));
    change("created volume '" + name + "' (" + size + " GiB) in pool '" + pool.name() + "'");
    return volume;
  }

  private Optional<SsdCache> applyCache(ProvisioningPlan plan) {
    Optional<SsdCache> cache = plan.cache();
    var api = client.ssdCache();
    if (!plan.newCacheDrives().isEmpty()) {
      SsdCache created = recorded(() -> api.create(settings.cache().name(),
          ids(plan.newCacheDrives())), api::find, c -> ledger.cacheCreated(c.id()));
      change("created SSD cache '" + created.name() + "' from " + plan.newCacheDrives().size()
          + " SSDs (" + api.resource() + ")");
      cache = Optional.of(created);
    }
    if (!plan.addCacheDrives().isEmpty()) {
      List<String> added = ids(plan.addCacheDrives());
      cache = Optional.of(recorded(() -> api.addDrives(plan.cache().get(), added), api::find,
          c -> ledger.cacheDrivesAdded(added.stream().filter(c.driveIds()::contains)
              .collect(Collectors.toList()))));
      change("added " + added.size() + " SSDs to SSD cache '" + cache.get().name() + "'");
    }
    if (plan.resumeCache()) {
      cache = Optional.of(api.resume(cache.get()));
      change("resumed SSD cache '" + cache.get().name() + "'");
    }
    if (plan.suspendCache()) {
      cache = Optional.of(api.suspend(cache.get()));
      change("suspended SSD cache '" + cache.get().name() + "'");
    }
    return cache;
  }

  /**
   * Runs a create and records its object; when the request fails, looks the object up and records
   * it if the array made it after all, then passes the failure on.
   */
  private static <T> T recorded(Supplier<T> create, Supplier<Optional<T>> lookup,
      Consumer<T> record) {
    T made;
    try {
      made = create.get();
    } catch (RuntimeException e) {
      try {
        lookup.get().ifPresent(record);
      } catch (RuntimeException lookupFailed) {
        e.addSuppressed(lookupFailed);
      }
      throw e;
    }
    record.accept(made);
    return made;
  }

  private List<Volume> awaitInitialized(List<Volume> volumes) {
    long started = System.nanoTime();
    VolumeWait wait = new VolumeWait(client, settings.volumes().initPoll(),
        settings.volumes().initTimeout(), log);
    List<Volume> ready = wait.initialized(volumes);
    if (wait.pauses() > 0) {
      change("waited " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)
          + " s for the volumes to finish initializing");
    }
    return ready;
  }

  private void change(String what) {
    changes.add(what);
    log.accept("santricity: " + what);
  }

  private static List<String> ids(List<Drive> drives) {
    return drives.stream().map(Drive::id).collect(Collectors.toList());
  }
}
