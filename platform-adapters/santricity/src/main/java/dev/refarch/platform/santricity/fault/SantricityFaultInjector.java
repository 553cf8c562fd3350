package dev.refarch.platform.santricity.fault;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.config.PasswordSource;
import dev.refarch.platform.santricity.config.SantricityKeys;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Fails and replaces drives of an E-Series array under load, then follows the pool's recovery.
 * Opt-in: nothing happens unless {@code santricity.fault.allow=true}.
 *
 * <p>Actions: {@code fail-drive} (SYMbol {@code setDriveToFailed} through the controller's
 * pass-through) and {@code replace-drive} (12.0x {@code drives/{id}/replace}; parameter
 * {@code replacement=<drive id>}, else the first compatible drive). Targets: a drive id,
 * {@code slot:<n>} or {@code pool:<name>}. {@link #inject} returns once the array reports the new
 * drive state; reconstruction progress is then polled in the background and handed to the
 * {@link ProgressListener}s. Fault parameters may override {@code santricity.*} settings.
 *
 * <p>Thread-safe. Close it to stop polling.
 *
 * <pre>{@code
 * try (SantricityFaultInjector faults = new SantricityFaultInjector(settings)) {
 *   faults.addListener(timeline::add);
 *   FaultEvent event = faults.inject(Fault.of("fail-drive", "pool:mongo_ssd_ddp"));
 *   MonitorResult recovered = faults.awaitRecovery(Duration.ofHours(2));
 * }
 * }</pre>
 */
public final class SantricityFaultInjector implements FaultInjector, AutoCloseable {

  public static final String NAME = "santricity";
  public static final String FAIL_DRIVE = "fail-drive";
  public static final String REPLACE_DRIVE = "replace-drive";
  private static final Set<String> PARAMETERS = Set.of("replacement");

  private final Map<String, String> settings;
  private final Function<String, String> environment;
  private final Clock clock;
  private final List<ProgressListener> listeners = new CopyOnWriteArrayList<>();
  private final List<ReconstructionMonitor> monitors = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
      r -> {
        Thread t = new Thread(r, "santricity-recovery-monitor");
        t.setDaemon(true);
        return t;
      });
  private SantricityClient client;

  /**
   * The instance {@link java.util.ServiceLoader} creates: settings from the {@code santricity.*}
   * system properties (fault parameters may add more), password from the environment or file.
   */
  public SantricityFaultInjector() {
    this(systemProperties(), System::getenv, Clock.systemUTC());
  }

  public SantricityFaultInjector(Map<String, String> settings) {
    this(settings, System::getenv, Clock.systemUTC());
  }

  public SantricityFaultInjector(Map<String, String> settings,
      Function<String, String> environment, Clock clock) {
    this.settings = Map.copyOf(settings);
    this.environment = Objects.requireNonNull(environment);
    this.clock = Objects.requireNonNull(clock);
  }

  /** An injector with a trial's settings, as a fault schedule asks of the one ServiceLoader made. */
  @Override
  public FaultInjector configure(Map<String, String> settings) {
    return new SantricityFaultInjector(settings, environment, clock);
  }

  public SantricityFaultInjector addListener(ProgressListener listener) {
    listeners.add(Objects.requireNonNull(listener));
    return this;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> actions() {
    return Set.of(FAIL_DRIVE, REPLACE_DRIVE);
  }

  /** The drive ids of the configured pool (or of the array when it has no such pool), by slot. */
  @Override
  public List<String> members() {
    SantricitySettings s = SantricitySettings.from(settings);
    SantricityClient c = client(s);
    List<Drive> drives = c.drives().list();
    Predicate<Drive> inPool = c.pools().byName(s.pool().name())
        .map(p -> (Predicate<Drive>) d -> d.belongsTo(p.volumeGroupRef())).orElse(d -> true);
    return drives.stream().filter(inPool).map(Drive::id).collect(Collectors.toList());
  }

  @Override
  public synchronized FaultEvent inject(Fault fault) {
    if (!actions().contains(fault.action())) {
      throw new ConfigurationException("action", fault.action(), String.join(", ",
          new java.util.TreeSet<>(actions())));
    }
    SantricitySettings s = effectiveSettings(fault);
    if (!s.fault().allow()) {
      throw new ConfigurationException(SantricityKeys.FAULT_ALLOW.key(), "false", "true",
          fault.action() + " degrades pool redundancy on a real array; set "
              + SantricityKeys.FAULT_ALLOW.key() + "=true to opt in");
    }
    SantricityClient c = client(s);
    List<Drive> drives = c.drives().list();
    List<Pool> pools = c.pools().list();
    DriveTarget target = new DriveTarget(fault.target());
    return FAIL_DRIVE.equals(fault.action())
        ? new DriveFaults(c, s, clock).fail(fault, target.forFailure(drives, pools), pools,
            this::follow)
        : new DriveFaults(c, s, clock).replace(fault, target.forReplacement(drives, pools),
            pools, this::follow);
  }

  private void follow(SantricityClient c, SantricitySettings s, Pool pool, String cause) {
    monitors.add(new ReconstructionMonitor(c, pool, s.fault(), listeners, clock, cause)
        .start(executor));
  }

  /** Every progress sample of every fault so far, in order per pool. */
  public List<ProgressSample> samples() {
    List<ProgressSample> all = new ArrayList<>();
    monitors.forEach(m -> all.addAll(m.samples()));
    return all;
  }

  /**
   * Waits until the pool of the latest fault is quiet again.
   *
   * @throws PlatformException when it is not within {@code timeout}, or monitoring failed
   */
  public MonitorResult awaitRecovery(Duration timeout) {
    if (monitors.isEmpty()) {
      throw new PlatformException("await recovery", "no fault has been injected");
    }
    ReconstructionMonitor latest = monitors.get(monitors.size() - 1);
    try {
      return latest.completion().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new PlatformException("await recovery of pool '" + latest.pool() + "'",
          "not quiet within " + timeout.toSeconds() + " s", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof PlatformException ? (PlatformException) e.getCause()
          : new PlatformException("await recovery of pool '" + latest.pool() + "'",
              String.valueOf(e.getCause()), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("await recovery of pool '" + latest.pool() + "'",
          "interrupted", e);
    }
  }

  /** Stops polling; faults already injected stay in effect on the array. */
  @Override
  public void close() {
    monitors.forEach(ReconstructionMonitor::cancel);
    executor.shutdownNow();
    synchronized (this) {
      if (client != null) {
        client.close();
      }
    }
  }

  private SantricitySettings effectiveSettings(Fault fault) {
    Map<String, String> merged = new TreeMap<>(settings);
    fault.parameters().forEach((k, v) -> {
      if (k.startsWith(SantricityKeys.PREFIX)) {
        merged.put(k, v);
      } else if (!PARAMETERS.contains(k)) {
        throw new ConfigurationException(k, v, "a santricity.* setting or one of "
            + String.join(", ", PARAMETERS), "unknown fault parameter");
      }
    });
    return SantricitySettings.from(merged);
  }

  private synchronized SantricityClient client(SantricitySettings s) {
    if (client == null) {
      client = SantricityClient.connect(s.connection().clientConfig(
          PasswordSource.resolve(s.connection(), environment)));
    }
    return client;
  }

  private static Map<String, String> systemProperties() {
    Map<String, String> out = new TreeMap<>();
    System.getProperties().forEach((k, v) -> {
      if (k.toString().startsWith(SantricityKeys.PREFIX)) {
        out.put(k.toString(), v.toString());
      }
    });
    return out;
  }
}
