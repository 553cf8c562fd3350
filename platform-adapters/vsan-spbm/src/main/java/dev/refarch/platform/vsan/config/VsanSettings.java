package dev.refarch.platform.vsan.config;

import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.SettingGroup;
import dev.refarch.platform.vsan.pbm.FailureTolerance;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Every {@code vsan.*} setting, declared once: key, type, default, allowed values and a one-line
 * description. The module README's property table is {@link #GROUP}{@code .markdownTable()}.
 * Passwords are deliberately not settings: they come from the environment or a file.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * VsanConfig config = VsanConfig.parse(properties, System.getenv());
 * }</pre>
 */
public final class VsanSettings {

  public static final Setting<URI> URL = Setting.custom("vsan.url", "url", null,
      "https://vcenter.example.com/sdk (http only for simulators)",
      "vCenter SDK endpoint; PBM is reached at /pbm on the same host", VsanSettings::url);
  public static final Setting<String> USERNAME = Setting.string("vsan.username", null,
      "vCenter user, e.g. administrator@vsphere.local; else environment VSAN_USERNAME");
  public static final Setting<String> PASSWORD_FILE = Setting.custom("vsan.passwordFile", "path",
      null, "a readable file", "file holding the password (first line); else environment"
          + " VSAN_PASSWORD", s -> s);
  public static final Setting<Boolean> INSECURE = Setting.bool("vsan.insecure", false,
      "trust any certificate and host name, for this client only (labs, simulators)");
  public static final Setting<String> CA_FILE = Setting.custom("vsan.caFile", "path", null,
      "a readable PEM file", "certificates to trust instead of the JVM's trust store (e.g. the"
          + " VMCA root)", s -> s);
  public static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("vsan.timeoutSeconds",
      600, 1, 86_400, "longest wait for one vSphere task and for policy compliance, in seconds");
  public static final Setting<NamePattern> VMS = Setting.custom("vsan.vms", "names", null,
      "comma-separated VM names or globs", "the VMs whose disks get the policy or new sizing, e.g."
          + " mongod-*", NamePattern::parse);
  public static final Setting<DiskSelection> DISKS = Setting.custom("vsan.disks", "disks",
      DiskSelection.parse("data"), DiskSelection.ALLOWED, "which disks of each VM hold data",
      DiskSelection::parse);
  public static final Setting<String> POLICY_NAME = Setting.string("vsan.policy.name", null,
      "policy to create or update; unset: derived from the rules (refarch-ftt1-sw4-…);"
          + " without rules: an existing policy to apply as is");
  public static final Setting<Integer> FTT = Setting.integer("vsan.policy.ftt", null, 0, 3,
      "failures to tolerate (hostFailuresToTolerate)");
  public static final Setting<Integer> STRIPE_WIDTH = Setting.integer("vsan.policy.stripeWidth",
      null, 1, 12, "disk stripes per object (stripeWidth)");
  public static final Setting<FailureTolerance> RAID = Setting.choice("vsan.policy.raid", null,
      raidChoices(), "failure tolerance method (replicaPreference); raid5 needs FTT 1 and 4 hosts,"
          + " raid6 FTT 2 and 6 hosts");
  public static final Setting<Boolean> CHECKSUM = Setting.bool("vsan.policy.checksum", null,
      "object checksum on (true) or off (false; checksumDisabled)");
  public static final Setting<Integer> PROPORTIONAL_CAPACITY = Setting.integer(
      "vsan.policy.proportionalCapacity", null, 0, 100,
      "object space reservation in % (proportionalCapacity)");
  public static final Setting<Integer> CACHE_RESERVATION = Setting.integer(
      "vsan.policy.cacheReservation", null, 0, 1_000_000,
      "flash read cache reservation in 1/10000 % of the object (cacheReservation; hybrid only)");
  public static final Setting<Integer> IOPS_LIMIT = Setting.integer("vsan.policy.iopsLimit", null,
      0, Integer.MAX_VALUE, "IOPS limit per object, 0 = none (iopsLimit)");
  public static final Setting<Boolean> WAIT_FOR_COMPLIANCE = Setting.bool(
      "vsan.waitForCompliance", true,
      "wait until every disk is compliant (where the server can tell) before the phase starts");
  public static final Setting<RestoreMode> RESTORE = Setting.ofEnum("vsan.restore",
      RestoreMode.TRUE, RestoreMode.class, "put back what the hooks changed (disk policies, policy"
          + " rules, created policies, VM sizes and power): after every phase (true), after failed"
          + " phases only (false), or after the run phase and failed phases (after-run)");
  public static final Setting<Integer> VM_CPUS = Setting.integer("vsan.vm.cpus", null, 1, 768,
      "virtual CPUs per VM for the vsan-vm-size hook (study A3)");
  public static final Setting<Long> VM_MEMORY_MB = Setting.longInteger("vsan.vm.memoryMB", null,
      4L, 25_165_824L, "memory per VM in MiB for the vsan-vm-size hook, a multiple of 4");
  public static final Setting<Boolean> VM_POWER_CYCLE = Setting.bool("vsan.vm.powerCycle", true,
      "power running VMs off to resize and on again afterwards (needed without hot-add)");
  public static final Setting<Integer> VM_SHUTDOWN_SECONDS = Setting.integer(
      "vsan.vm.shutdownSeconds", 120, 0, 3600, "how long to wait for a guest shutdown"
          + " (ShutdownGuest, used when VMware Tools runs) before powering the VM off hard"
          + " (PowerOffVM_Task); 0 = always hard");
  public static final Setting<Boolean> PERF = Setting.bool("vsan.perf", true,
      "sample the vSAN performance service for the VMs of vsan.vms during each trial (telemetry"
          + " source vsan; the cluster's performance service must be on)");

  /** All of the above; rejects unknown {@code vsan.*} keys with the closest known one. */
  public static final SettingGroup GROUP = SettingGroup.of("vsan.", URL, USERNAME, PASSWORD_FILE,
      INSECURE, CA_FILE, TIMEOUT_SECONDS, VMS, DISKS, POLICY_NAME, FTT, STRIPE_WIDTH, RAID,
      CHECKSUM, PROPORTIONAL_CAPACITY, CACHE_RESERVATION, IOPS_LIMIT, WAIT_FOR_COMPLIANCE,
      RESTORE, VM_CPUS, VM_MEMORY_MB, VM_POWER_CYCLE, VM_SHUTDOWN_SECONDS, PERF);

  private VsanSettings() {
  }

  private static Map<String, FailureTolerance> raidChoices() {
    Map<String, FailureTolerance> choices = new LinkedHashMap<>();
    for (FailureTolerance f : FailureTolerance.values()) {
      choices.put(f.name().toLowerCase(Locale.ROOT), f);
    }
    return choices;
  }

  private static URI url(String text) {
    URI uri;
    try {
      uri = URI.create(text.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("https://vcenter.example.com/sdk");
    }
    if (uri.getHost() == null || !("https".equals(uri.getScheme())
        || "http".equals(uri.getScheme()))) {
      throw new IllegalArgumentException("https://vcenter.example.com/sdk");
    }
    if (uri.getUserInfo() != null) {
      throw new IllegalArgumentException("a URL without user info; give the user in vsan.username"
          + " and the password in VSAN_PASSWORD or vsan.passwordFile");
    }
    return uri.getPath() == null || uri.getPath().isEmpty() ? uri.resolve("/sdk") : uri;
  }
}
