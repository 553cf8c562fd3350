package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Finds virtual machines and changes them: disk storage policies, CPU and memory, power.
 *
 * <p>Thread-safe; every call reads fresh state from the server.
 *
 * <pre>{@code
 * VmInfo vm = vim.vms().find(name -> name.equals("mongod-1")).get(0);
 * vim.vms().resize(vm, 8, 65536L);
 * }</pre>
 */
public final class VirtualMachines {

  private static final List<String> DETAILS = List.of("name", "runtime.powerState",
      "runtime.host", "config.hardware.numCPU", "config.hardware.memoryMB",
      "config.hardware.device");

  private final VimClient vim;

  VirtualMachines(VimClient vim) {
    this.vim = vim;
  }

  /** The names of all VMs and templates in the inventory, sorted. */
  public List<String> names() {
    return vim.properties().all("VirtualMachine", List.of("name")).stream()
        .map(c -> c.text("name")).sorted().toList();
  }

  /** The VMs whose name {@code nameFilter} accepts, with sizing and disks, sorted by name. */
  public List<VmInfo> find(Predicate<String> nameFilter) {
    List<MoRef> refs = vim.properties().all("VirtualMachine", List.of("name")).stream()
        .filter(c -> nameFilter.test(c.text("name"))).map(PropertyReader.Content::ref).toList();
    return vim.properties().of(refs, DETAILS).stream().map(VirtualMachines::info)
        .sorted(Comparator.comparing(VmInfo::name)).toList();
  }

  /** The VM's current state. */
  public VmInfo get(MoRef vm) {
    return info(vim.properties().of(vm, DETAILS));
  }

  /** The VM's current state, or empty when it no longer exists. */
  public Optional<VmInfo> lookup(MoRef vm) {
    try {
      return vim.properties().of(List.of(vm), DETAILS).stream().findFirst()
          .map(VirtualMachines::info);
    } catch (SoapFault e) {
      if ("ManagedObjectNotFound".equals(e.faultType())) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * Gives disks a storage policy in one reconfigure task. A disk mapped to an empty value gets the
   * datastore's default policy ({@code VirtualMachineDefaultProfileSpec}), which is how a disk
   * that had no explicit policy is put back.
   *
   * @param policies disk to PBM profile id, or to {@link Optional#empty()} for the default policy
   */
  public void setDiskPolicies(VmInfo vm, Map<VirtualDisk, Optional<String>> policies) {
    if (policies.isEmpty()) {
      return;
    }
    List<String> labels = new ArrayList<>();
    policies.keySet().forEach(d -> labels.add(d.label()));
    vim.runTask("apply storage policy to " + labels + " of " + vm.name(), "ReconfigVM_Task",
        vm.ref(), args -> args.element("spec", spec -> policies.forEach((disk, policy) ->
            spec.element("deviceChange", change -> deviceChange(change, disk, policy)))));
  }

  private static void deviceChange(XmlBuilder change, VirtualDisk disk, Optional<String> policy) {
    change.text("operation", "edit").copy("device", disk.device());
    if (policy.isPresent()) {
      change.typed("profile", "VirtualMachineDefinedProfileSpec",
          p -> p.text("profileId", policy.get()));
    } else {
      change.typed("profile", "VirtualMachineDefaultProfileSpec", p -> { });
    }
  }

  /**
   * Sets the number of virtual CPUs and the memory; either may be {@code null} to keep it. Most
   * guests need the VM powered off for this unless CPU/memory hot-add is enabled.
   *
   * @param memoryMb memory in MiB, a multiple of 4
   */
  public void resize(VmInfo vm, Integer cpus, Long memoryMb) {
    vim.runTask("resize " + vm.name() + " to " + (cpus == null ? vm.cpus() : cpus) + " vCPU / "
        + (memoryMb == null ? vm.memoryMb() : memoryMb) + " MiB", "ReconfigVM_Task", vm.ref(),
        // Schema order in VirtualMachineConfigSpec: numCPUs comes before memoryMB.
        args -> args.element("spec", spec -> {
          if (cpus != null) {
            spec.text("numCPUs", cpus.toString());
          }
          if (memoryMb != null) {
            spec.text("memoryMB", memoryMb.toString());
          }
        }));
  }

  /** {@code PowerOnVM_Task}, waited for. */
  public void powerOn(VmInfo vm) {
    vim.runTask("power on " + vm.name(), "PowerOnVM_Task", vm.ref(), args -> { });
  }

  /**
   * Hard power-off ({@code PowerOffVM_Task}, "powers off this virtual machine" without asking the
   * guest), waited for. Use {@link #shutdownGuest} for a clean shutdown.
   */
  public void powerOff(VmInfo vm) {
    vim.runTask("power off " + vm.name(), "PowerOffVM_Task", vm.ref(), args -> { });
  }

  /**
   * Whether VMware Tools runs in the guest now ({@code guest.toolsRunningStatus} is
   * {@code guestToolsRunning}); only then can the guest be asked to shut down.
   */
  public boolean toolsRunning(VmInfo vm) {
    return "guestToolsRunning".equals(vim.properties().of(vm.ref(),
        List.of("guest.toolsRunningStatus")).text("guest.toolsRunningStatus"));
  }

  /**
   * Asks the guest OS to shut down cleanly ({@code ShutdownGuest}, vim25 reference: "returns
   * immediately and does not wait for the guest operating system to complete the operation";
   * {@code ToolsUnavailable} when VMware Tools is not running). Poll {@link #get} for
   * {@code poweredOff}.
   */
  public void shutdownGuest(VmInfo vm) {
    vim.call("ask the guest of " + vm.name() + " to shut down", "ShutdownGuest", vm.ref(),
        args -> { });
  }

  private static VmInfo info(PropertyReader.Content c) {
    List<VirtualDisk> disks = new ArrayList<>();
    c.element("config.hardware.device").ifPresent(devices ->
        Xml.children(devices).forEach(d -> VirtualDisk.of(d).ifPresent(disks::add)));
    MoRef host = c.element("runtime.host").map(MoRef::of).orElse(null);
    return new VmInfo(c.ref(), c.text("name"), c.text("runtime.powerState"), host,
        intOrZero(c.text("config.hardware.numCPU")),
        Long.parseLong(orZero(c.text("config.hardware.memoryMB"))), disks);
  }

  private static int intOrZero(String text) {
    return Integer.parseInt(orZero(text));
  }

  private static String orZero(String text) {
    return text.isEmpty() ? "0" : text;
  }
}
