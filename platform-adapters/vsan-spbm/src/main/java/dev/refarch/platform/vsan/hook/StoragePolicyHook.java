package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.config.VsanConfig;
import dev.refarch.platform.vsan.config.VsanSettings;
import java.util.Map;

/**
 * Hook {@code vsan-spbm}: gives the data disks of the chosen VMs a vSAN storage policy before a
 * phase and puts everything back after it: the disks' previous policies, the rules of a policy it
 * updated, and no policy it created ({@link PolicyRestorer}). The policy is created, or updated to
 * the requested rules, or — given only a name — an existing one is used. The hook waits until the
 * reconfigure tasks are done and the disks are compliant (where the server can tell) and records
 * vCenter, policy and per-disk facts as platform state. Running {@code before} again changes
 * nothing: every step compares with what the server reports first.
 *
 * <p>One instance serves one run (its memory of previous policies lives here); calls never
 * overlap, so it needs no synchronisation.
 *
 * <pre>{@code
 * // bin/ycsb run mongodb -P workloads/workloada -p hooks=vsan-spbm \
 * //   -p vsan.url=https://vc.example.com/sdk -p vsan.username=administrator@vsphere.local \
 * //   -p vsan.vms=mongod-* -p vsan.policy.ftt=1 -p vsan.policy.checksum=false \
 * //   -p vsan.policy.stripeWidth=4      (password in VSAN_PASSWORD)
 * }</pre>
 */
public final class StoragePolicyHook implements PlatformHook {

  /** The name in {@code -p hooks=...}. */
  public static final String NAME = "vsan-spbm";

  private final Map<String, String> env;
  private final DiskLedger ledger = new DiskLedger();

  /** The hook as {@link java.util.ServiceLoader} creates it: credentials from the environment. */
  public StoragePolicyHook() {
    this(System.getenv());
  }

  /** A hook reading credentials from {@code env} instead of the process environment. */
  public StoragePolicyHook(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "vSAN storage policy (FTT, stripe width, RAID-1/5/6, checksum, ...) on the data disks"
        + " of vsan.vms, restored afterwards";
  }

  @Override
  public void validate(Map<String, String> settings) {
    parse(settings);
  }

  @Override
  public void before(HookContext context) {
    VsanConfig config = parse(context.settings());
    Connection connection = Connection.from(context.settings(), env);
    ledger.seed(context.state().of(NAME));
    HookLogging.warnIfPlainHttp(connection, context);
    try (VsanSession session = VsanSession.open(connection)) {
      int changes = new PolicyApplier(session, config, ledger, context::record).apply();
      context.log(NAME + ": policy " + context.state().of(NAME).getOrDefault("policy.name", "?")
          + " on " + ledger.entries().size() + " disk(s); " + changes + " change(s)");
    }
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    VsanConfig config = VsanConfig.parse(context.settings());
    if (ledger.isEmpty()) {
      return;
    }
    if (!config.restore().restoresAfter(context.phase(), outcome)) {
      context.log(NAME + ": keeping the policy after " + context.phase().label()
          + " (vsan.restore=" + config.restore().label() + ")");
      return;
    }
    try (VsanSession session = VsanSession.open(Connection.from(context.settings(), env))) {
      int changes = new PolicyRestorer(session, ledger, context::record).restore();
      context.log(NAME + ": restored previous policies; " + changes + " change(s)");
    }
  }

  private VsanConfig parse(Map<String, String> settings) {
    VsanConfig config = VsanConfig.parse(settings);
    config.requireVms();
    if (config.policy().isEmpty()) {
      throw new ConfigurationException(VsanSettings.POLICY_NAME.key(), null,
          "a policy name or at least one vsan.policy.* rule",
          "e.g. vsan.policy.stripeWidth=4, or vsan.policy.name=<existing policy>");
    }
    Connection.from(settings, env);
    return config;
  }
}
