package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.config.VmSizing;
import dev.refarch.platform.vsan.config.VsanConfig;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.vim.VirtualMachines;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hook {@code vsan-vm-size}: sets the vCPUs and memory of the chosen VMs before a phase (study
 * A3: 8/16 cores × 32–128 GB) and puts the previous sizing back after it. Running VMs are powered
 * off for the change and on again (unless {@code vsan.vm.powerCycle=false}, for VMs with hot-add);
 * the guest's services (mongod) must start on boot. A VM already at the wanted size is left alone.
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

  /** A VM's sizing before this hook first changed it. */
  private record Previous(String name, int cpus, long memoryMb) {
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
      for (VmInfo vm : Targets.vms(session.vim(), config.requireVms())) {
        previous.putIfAbsent(vm.ref().value(), new Previous(vm.name(), vm.cpus(), vm.memoryMb()));
        Previous before = previous.get(vm.ref().value());
        context.record("vm." + vm.name() + ".cpus.previous", Integer.toString(before.cpus()));
        context.record("vm." + vm.name() + ".memoryMB.previous", Long.toString(before.memoryMb()));
        int cpus = sizing.cpus() == null ? vm.cpus() : sizing.cpus();
        long memory = sizing.memoryMb() == null ? vm.memoryMb() : sizing.memoryMb();
        changes += resize(session.vim().vms(), vm, cpus, memory, sizing.powerCycle()) ? 1 : 0;
        context.record("vm." + vm.name() + ".cpus", Integer.toString(cpus));
        context.record("vm." + vm.name() + ".memoryMB", Long.toString(memory));
      }
    }
    context.record("changes", Integer.toString(changes));
    context.log(NAME + ": " + previous.size() + " VM(s) sized; " + changes + " change(s)");
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    VsanConfig config = VsanConfig.parse(context.settings());
    if (previous.isEmpty() || !config.restore().restoresAfter(context.phase(), outcome)) {
      return;
    }
    int changes = 0;
    try (VsanSession session = VsanSession.open(Connection.from(context.settings(), env))) {
      VirtualMachines vms = session.vim().vms();
      for (Map.Entry<String, Previous> entry : previous.entrySet()) {
        VmInfo vm = vms.find(entry.getValue().name()::equals).stream()
            .filter(v -> v.ref().value().equals(entry.getKey())).findFirst().orElse(null);
        if (vm != null && resize(vms, vm, entry.getValue().cpus(), entry.getValue().memoryMb(),
            config.sizing().powerCycle())) {
          changes++;
        }
        if (vm == null) {
          context.log(NAME + ": " + entry.getValue().name() + " is gone; sizing not restored");
        }
        context.record("vm." + entry.getValue().name() + ".restored", vm == null ? "vm gone"
            : entry.getValue().cpus() + " vCPU / " + entry.getValue().memoryMb() + " MiB");
      }
    }
    context.record("restore.changes", Integer.toString(changes));
  }

  /** Resizes one VM when it differs; returns whether it changed anything. */
  private static boolean resize(VirtualMachines vms, VmInfo vm, int cpus, long memoryMb,
      boolean powerCycle) {
    if (vm.cpus() == cpus && vm.memoryMb() == memoryMb) {
      return false;
    }
    boolean cycle = powerCycle && vm.poweredOn();
    if (cycle) {
      vms.powerOff(vm);
    }
    vms.resize(vm, vm.cpus() == cpus ? null : cpus, vm.memoryMb() == memoryMb ? null : memoryMb);
    if (cycle) {
      vms.powerOn(vm);
    }
    return true;
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
