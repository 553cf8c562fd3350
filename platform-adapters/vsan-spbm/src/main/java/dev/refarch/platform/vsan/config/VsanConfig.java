package dev.refarch.platform.vsan.config;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.pbm.FailureTolerance;
import dev.refarch.platform.vsan.pbm.VsanRules;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the vSAN hooks should do, parsed and checked from {@code vsan.*} settings before anything
 * changes: which VMs and disks, which policy, how to wait and restore, which VM sizing.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * VsanConfig config = VsanConfig.parse(Map.of("vsan.vms", "mongod-*", "vsan.policy.stripeWidth", "4"));
 * }</pre>
 *
 * @param vms the VMs to change; {@code null} when not set
 * @param disks which disks of each VM hold data
 * @param policy the policy wanted, if any rule or name is set
 * @param waitForCompliance wait for compliance after applying
 * @param restore when to put things back
 * @param sizing the VM sizing wanted (may be empty)
 */
public record VsanConfig(NamePattern vms, DiskSelection disks, Optional<PolicyRequest> policy,
    boolean waitForCompliance, RestoreMode restore, VmSizing sizing) {

  public VsanConfig {
    Objects.requireNonNull(disks, "disks");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(restore, "restore");
    Objects.requireNonNull(sizing, "sizing");
  }

  /**
   * Parses and checks every {@code vsan.*} setting.
   *
   * @throws ConfigurationException for an unknown key (naming the closest), a bad value, or rules
   *     that contradict each other (e.g. RAID-5 with FTT 2)
   */
  public static VsanConfig parse(Map<String, String> settings) {
    VsanSettings.GROUP.validate(settings);
    return new VsanConfig(VsanSettings.VMS.from(settings), VsanSettings.DISKS.from(settings),
        policy(settings), VsanSettings.WAIT_FOR_COMPLIANCE.from(settings),
        VsanSettings.RESTORE.from(settings), sizing(settings));
  }

  /** The VMs to change, or a configuration error naming {@code vsan.vms}. */
  public NamePattern requireVms() {
    if (vms == null) {
      throw new ConfigurationException(VsanSettings.VMS.key(), null, VsanSettings.VMS.allowed(),
          "set the VMs whose disks or sizing to change, e.g. vsan.vms=mongod-*");
    }
    return vms;
  }

  private static Optional<PolicyRequest> policy(Map<String, String> settings) {
    Integer ftt = VsanSettings.FTT.from(settings);
    FailureTolerance raid = VsanSettings.RAID.from(settings);
    if (raid != null && raid.erasureCoding() && ftt != null && !ftt.equals(raid.requiredFtt())) {
      String name = raid.name().toLowerCase(Locale.ROOT);
      throw new ConfigurationException(VsanSettings.RAID.key(), name,
          "raid1 with FTT 0-3, raid5 with FTT 1 (4+ hosts), raid6 with FTT 2 (6+ hosts)",
          name + " cannot satisfy vsan.policy.ftt=" + ftt + "; set vsan.policy.ftt="
              + raid.requiredFtt() + " or vsan.policy.raid=raid1");
    }
    Boolean checksum = VsanSettings.CHECKSUM.from(settings);
    VsanRules rules = new VsanRules(ftt, VsanSettings.STRIPE_WIDTH.from(settings), raid,
        checksum == null ? null : !checksum, VsanSettings.PROPORTIONAL_CAPACITY.from(settings),
        VsanSettings.CACHE_RESERVATION.from(settings), VsanSettings.IOPS_LIMIT.from(settings));
    String name = VsanSettings.POLICY_NAME.from(settings);
    if (name == null && rules.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new PolicyRequest(name == null ? null : name.trim(), rules));
  }

  private static VmSizing sizing(Map<String, String> settings) {
    Long memory = VsanSettings.VM_MEMORY_MB.from(settings);
    if (memory != null && memory % 4 != 0) {
      throw new ConfigurationException(VsanSettings.VM_MEMORY_MB.key(), memory.toString(),
          "a multiple of 4 MiB", "e.g. " + (memory / 4 * 4));
    }
    return new VmSizing(VsanSettings.VM_CPUS.from(settings), memory,
        VsanSettings.VM_POWER_CYCLE.from(settings), VsanSettings.VM_SHUTDOWN_SECONDS.from(settings));
  }
}
