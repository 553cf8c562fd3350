package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.config.VmSizing;
import dev.refarch.platform.vsan.config.VsanConfig;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.vim.VirtualMachines;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hook {@code vsan-vm-size}: sets the vCPUs and memory of the chosen VMs before a phase (study
 * A3: 8/16 cores × 32–128 GB) and puts the previous sizing and power state back after it. Running
 * VMs are powered off for the change — by a guest shutdown when VMware Tools runs, bounded by
 * {@code vsan.vm.shutdownSeconds}, else hard — and on again, also when the change failed (unless
 * {@code vsan.vm.powerCycle=false}, for VMs with hot-add); the guest's services (mongod) must
 * start on boot. A VM already at the wanted size is left alone.
 *
 * <p>The restore is per VM: every VM is tried, and one exception names each VM left changed.
 *
 * <p>One instance serves one run; calls never overlap, so it needs no synchronisation.
 *
 * <pre>{@code
 * // -p hooks=vsan-vm-size -p vsan.vms=mongod-* -p vsan.vm.cpus=8 -p vsan.vm.memoryMB=65536
 * }</pre>
 */
public final class VmSizeHook implements PlatformHook {

  /** The name in {@code -p hooks=...}. */
  public static final String NAME = "vsan-vm-size";

  /** A VM's sizing and power before this hook first changed it. */
  private record Previous(MoRef ref, String name, int cpus, long memoryMb, boolean poweredOn) {

    String label() {
      return cpus + " vCPU / " + memoryMb + " MiB, " + (poweredOn ? "powered on" : "powered off");
    }
  }

  private final Map<String, String> env;
  private final Map<String, Previous> previous = new LinkedHashMap<>();

  /** The hook as {@link java.util.ServiceLoader} creates it: credentials from the environment. */
  public VmSizeHook() {
    this(System.getenv());
  }

  /** A hook reading credentials from {@code env} instead of the process environment. */
  public VmSizeHook(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "vCPU and memory of vsan.vms (vsan.vm.cpus, vsan.vm.memoryMB), restored afterwards";
  }

  @Override
  public void validate(Map<String, String> settings) {
    parse(settings);
  }

  @Override
  public void before(HookContext context) {
    VsanConfig config = parse(context.settings());
    Connection connection = Connection.from(context.settings(), env);
    HookLogging.warnIfPlainHttp(connection, context);
    VmSizing sizing = config.sizing();
    int changes = 0;
    try (VsanSession session = VsanSession.open(connection)) {
      VmResizer resizer = new VmResizer(session.vim().vms(), sizing, context::record);
      for (VmInfo vm : Inventory.vms(session.vim(), config.requireVms())) {
        previous.putIfAbsent(vm.ref().value(), new Previous(vm.ref(), vm.name(), vm.cpus(),
            vm.memoryMb(), vm.poweredOn()));
        Previous before = previous.get(vm.ref().value());
        context.record("vm." + vm.name() + ".cpus.previous", Integer.toString(before.cpus()));
        context.record("vm." + vm.name() + ".memoryMB.previous", Long.toString(before.memoryMb()));
        int cpus = sizing.cpus() == null ? vm.cpus() : sizing.cpus();
        long memory = sizing.memoryMb() == null ? vm.memoryMb() : sizing.memoryMb();
        changes += resizer.resize(vm, cpus, memory) ? 1 : 0;
        context.record("vm." + vm.name() + ".cpus", Integer.toString(cpus));
        context.record("vm." + vm.name() + ".memoryMB", Long.toString(memory));
      }
    } finally {
      context.record("changes", Integer.toString(changes));
    }
    context.log(NAME + ": " + previous.size() + " VM(s) sized; " + changes + " change(s)");
  }

  /**
   * Puts every remembered VM back to its sizing and power state, VM by VM.
   *
   * @throws PlatformException naming each VM that could not be restored and how it was left
   */
  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    VsanConfig config = VsanConfig.parse(context.settings());
    if (previous.isEmpty()) {
      return;
    }
    if (!config.restore().restoresAfter(context.phase(), outcome)) {
      context.log(NAME + ": keeping the sizing after " + context.phase().label()
          + " (vsan.restore=" + config.restore().label() + ")");
      return;
    }
    Map<Previous, RuntimeException> failed;
    try (VsanSession session = VsanSession.open(Connection.from(context.settings(), env))) {
      failed = restoreAll(session.vim().vms(), new VmResizer(session.vim().vms(),
          config.sizing(), context::record), context);
    }
    if (!failed.isEmpty()) {
      List<String> left = new ArrayList<>();
      failed.forEach((vm, e) -> {
        context.record("vm." + vm.name() + ".restored", "failed: " + e.getMessage());
        left.add(vm.name() + " (" + e.getMessage() + ")");
      });
      PlatformException error = new PlatformException("restore VM sizing and power",
          left.size() + " VM(s) not restored: " + String.join("; ", left));
      failed.values().forEach(error::addSuppressed);
      throw error;
    }
  }

  /**
   * Restores every VM; a VM whose restore failed gets one more pass after the others (a step may
   * have failed for a moment, and every step compares with the VM's state first). Returns the
   * VMs that still failed.
   */
  private Map<Previous, RuntimeException> restoreAll(VirtualMachines vms, VmResizer resizer,
      HookContext context) {
    int changes = 0;
    Map<Previous, RuntimeException> failed = new LinkedHashMap<>();
    List<Previous> todo = new ArrayList<>(previous.values());
    try {
      for (int pass = 0; pass < 2 && !todo.isEmpty(); pass++) {
        failed.clear();
        for (Previous vm : todo) {
          try {
            changes += restore(vms, resizer, vm, context) ? 1 : 0;
          } catch (RuntimeException e) {
            failed.put(vm, e);
          }
        }
        todo = new ArrayList<>(failed.keySet());
      }
    } finally {
      context.record("restore.changes", Integer.toString(changes));
    }
    return failed;
  }

  private static boolean restore(VirtualMachines vms, VmResizer resizer, Previous previous,
      HookContext context) {
    String fact = "vm." + previous.name() + ".restored";
    VmInfo vm = vms.lookup(previous.ref()).orElse(null);
    if (vm == null) {
      context.log(NAME + ": " + previous.name() + " is gone; sizing not restored");
      context.record(fact, "vm gone");
      return false;
    }
    boolean changed = resizer.resize(vm, previous.cpus(), previous.memoryMb());
    if (previous.poweredOn()) {
      changed |= resizer.powerOnIfOff(vm);
    }
    context.record(fact, previous.label());
    return changed;
  }

  private VsanConfig parse(Map<String, String> settings) {
    VsanConfig config = VsanConfig.parse(settings);
    config.requireVms();
    if (config.sizing().isEmpty()) {
      throw new ConfigurationException(VsanSettings.VM_CPUS.key(), null,
          VsanSettings.VM_CPUS.allowed(), "set vsan.vm.cpus and/or vsan.vm.memoryMB");
    }
    Connection.from(settings, env);
    return config;
  }
}
