package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.config.CacheMode;
import dev.refarch.platform.santricity.config.PasswordSource;
import dev.refarch.platform.santricity.config.RestorePolicy;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.santricity.stats.PhaseStatistics;
import dev.refarch.platform.santricity.stats.StatisticsSnapshot;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The {@code santricity} hook: ensures the trial's pool, volumes and SSD cache state on a NetApp
 * E-Series array, waits until new volumes have initialized, records the platform state and
 * per-phase statistics, and afterwards puts the array back as it found it — SSD cache state,
 * volume cache settings, and the pool and volumes it created — also when the phase failed.
 *
 * <p>Not thread-safe, as the SPI allows: one instance serves one run and its calls never overlap.
 * {@code before} is idempotent: on an array already in shape it sends no changing request. Every
 * check (settings, unknown pool, free drives, existing volumes) happens before the first change.
 *
 * <pre>{@code
 * // bin/ycsb run mongodb ... -p hooks=santricity -p santricity.url=https://10.0.0.20:8443 \
 * //   -p santricity.pool.name=mongo_hdd_ddp -p santricity.pool.driveType=hdd \
 * //   -p santricity.pool.driveCount=20 -p santricity.volume.sizeGb=1397 -p santricity.cache.mode=enabled
 * // password from SANTRICITY_PASSWORD or -p santricity.passwordFile=...
 * }</pre>
 */
public final class SantricityHook implements PlatformHook {

  public static final String NAME = "santricity";

  private final Function<String, String> environment;
  private final Clock clock;
  private final RestoreLedger ledger = new RestoreLedger();
  private SantricitySettings settings;
  private SantricityClient client;
  private CacheSnapshot snapshot;
  private Provisioned provisioned;
  private StatisticsSnapshot statsBefore;

  /** The instance {@link java.util.ServiceLoader} creates: real environment, system clock. */
  public SantricityHook() {
    this(System::getenv, Clock.systemUTC());
  }

  /**
   * @param environment looks up environment variables (the password's fallback source)
   * @param clock wall clock for statistics intervals when the array reports none
   */
  public SantricityHook(Function<String, String> environment, Clock clock) {
    this.environment = Objects.requireNonNull(environment);
    this.clock = Objects.requireNonNull(clock);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "NetApp E-Series (SANtricity): disk pool, volumes and SSD read cache per trial; "
        + "records versions, layout and per-volume IOPS/MB/s/latency";
  }

  @Override
  public void validate(Map<String, String> properties) {
    SantricitySettings parsed = SantricitySettings.from(properties);
    PasswordSource.resolve(parsed.connection(), environment);
  }

  @Override
  public void before(HookContext context) {
    settings = SantricitySettings.from(context.settings());
    if (client == null) {
      client = SantricityClient.connect(settings.connection().clientConfig(
          PasswordSource.resolve(settings.connection(), environment)), context::log);
    }
    context.log("santricity: preparing " + context.phase().label() + " on "
        + settings.connection().printableRoot() + " (storage system '" + client.systemId() + "')");
    ProvisioningPlan plan = new Planner(client, settings).plan();
    if (snapshot == null) {
      snapshot = CacheSnapshot.of(plan);
    }
    StateRecorder recorder = new StateRecorder(context);
    recorder.system(client, settings, plan);
    provisioned = new Provisioner(client, settings, ledger, context::log).apply(plan);
    recorder.storage(settings, provisioned, plan.pool().isEmpty());
    statsBefore = settings.stats()
        ? StatisticsSnapshot.take(client, settings.driveStats(), clock) : null;
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    if (client == null || snapshot == null && provisioned == null && ledger.isEmpty()) {
      // before failed while reading or checking: nothing was changed, so nothing is restored.
      context.record("restore." + context.phase().label(), "nothing to restore: before changed "
          + "nothing");
      return;
    }
    Failures failures = new Failures();
    recordStatistics(context, failures);
    restoreIfDue(context, outcome, failures);
    if (settings.teardown() && context.phase() == Phase.RUN) {
      failures.attempt("teardown", () -> new Teardown(client, settings, context::log)
          .run(context));
    }
    failures.attempt("cache state after the phase not recorded", () -> new StateRecorder(context)
        .cache(settings, client.ssdCache().find(), "after" + capitalized(context.phase()) + "."));
    failures.throwIfAny("santricity after " + context.phase().label());
  }

  private void recordStatistics(HookContext context, Failures failures) {
    if (statsBefore == null || provisioned == null) {
      return;
    }
    failures.attempt("statistics of the phase not recorded", () -> {
      StatisticsSnapshot after = StatisticsSnapshot.take(client, settings.driveStats(), clock);
      Map<String, String> names = new LinkedHashMap<>();
      for (Volume v : provisioned.volumes()) {
        names.put(v.id(), v.name());
      }
      PhaseStatistics phase = PhaseStatistics.between(statsBefore, after, names,
          Set.copyOf(provisioned.poolDriveIds()));
      phase.facts("stats." + context.phase().label() + ".").forEach(context::record);
    });
    statsBefore = null;
  }

  /**
   * Puts the array back as the first {@code before} found it when the policy says so or the phase
   * failed: the SSD cache state and volume cache settings, then (unless kept) the volumes and the
   * pool this hook created. Every step is tried; failed steps get one more pass; what still could
   * not be restored is recorded under {@code restore.<phase>.left} and named in the exception
   * {@link #after} throws.
   */
  private void restoreIfDue(HookContext context, PhaseOutcome outcome, Failures failures) {
    String key = "restore." + context.phase().label();
    RestorePolicy policy = settings.restore();
    boolean due = !outcome.succeeded() || policy == RestorePolicy.EACH_PHASE
        || policy == RestorePolicy.RUN && context.phase() == Phase.RUN;
    if (!due) {
      context.record(key, "deferred (santricity.restore=" + policy.name().toLowerCase(
          java.util.Locale.ROOT).replace('_', '-') + ")");
      return;
    }
    if (snapshot == null && ledger.isEmpty()) {
      context.record(key, "nothing to restore: restored already");
      return;
    }
    List<String> done = new ArrayList<>();
    Failures restore = restoreTwice(!outcome.succeeded() || !settings.keepCreated(), done,
        context::log);
    done.forEach(line -> context.log("santricity: " + line));
    context.record(key, done.isEmpty() ? "nothing to change" : String.join("; ", done));
    if (restore.isEmpty()) {
      snapshot = null;
    } else {
      context.record(key + ".left", String.join("; ", restore.left()));
      failures.addAll(restore);
    }
  }

  /**
   * A step may fail for a moment, or be carried out although its answer was an error: a second
   * pass compares with the array again and retries only what still differs.
   */
  private Failures restoreTwice(boolean deleteCreated, List<String> done, Consumer<String> log) {
    Failures first = restore(deleteCreated, done, log);
    if (first.isEmpty()) {
      return first;
    }
    log.accept("santricity: " + first.left().size() + " restore step(s) failed; trying what is "
        + "left once more: " + String.join("; ", first.left()));
    return restore(deleteCreated, done, log);
  }

  private Failures restore(boolean deleteCreated, List<String> done, Consumer<String> log) {
    Failures restore = new Failures();
    if (snapshot != null && (settings.cache().mode() != CacheMode.UNCHANGED
        || ledger.hasCacheEntries())) {
      Set<String> names = new LinkedHashSet<>(settings.volumes().names());
      if (deleteCreated) {
        names.removeAll(ledger.volumeNames()); // their cache setting goes with them
      }
      restore.attempt("SSD cache state", () -> new CacheRestorer(client).restore(snapshot,
          ledger, names, done, restore));
    }
    if (deleteCreated) {
      restore.attempt("pool and volumes created by this hook", () -> new CreatedRemover(client,
          new VolumeWait(client, settings.volumes().initPoll(), settings.volumes().initTimeout(),
              log)).remove(ledger, done, restore));
    } else if (ledger.hasCreatedStorage()) {
      done.add("kept the pool and volumes created by this hook (santricity.keepCreated=true)");
      ledger.forgetCreatedStorage();
    }
    return restore;
  }

  private static String capitalized(Phase phase) {
    String label = phase.label();
    return Character.toUpperCase(label.charAt(0)) + label.substring(1);
  }
}
