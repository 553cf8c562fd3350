package dev.refarch.platform.vsan.fault;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.vim.HostInfo;
import dev.refarch.platform.vsan.vim.VimClient;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * {@code host-standby} and its recovery {@code host-power-on}: a host failure that the vSphere API
 * can undo. {@code host-standby} powers the host's running VMs off hard ({@code PowerOffVM_Task}),
 * as a failed host stops them, then puts the host in standby ({@code PowerDownHostToStandBy_Task}),
 * so vSAN loses the host's disks; it remembers those VMs. {@code host-power-on} wakes the host
 * ({@code PowerUpHostFromStandBy_Task}) and powers the remembered VMs on again; a call that
 * fails is tried once more, and what is still left is named in the error (firing
 * {@code host-power-on} again retries it). Nothing is left half-done by {@code host-standby}: when
 * it fails, the VMs it stopped are powered on again before the error is raised.
 *
 * <p>Thread-safe: the remembered VMs live in a concurrent map.
 */
final class HostPower {

  private final Map<String, List<VmInfo>> stoppedVms = new ConcurrentHashMap<>();

  String standby(VimClient vim, HostInfo host) {
    String operation = "put host " + host.name() + " in standby";
    if (!"poweredOn".equals(host.powerState())) {
      throw new PlatformException(operation, "it is " + host.powerState() + ", not poweredOn");
    }
    if (!vim.hosts().standbySupported(host)) {
      throw new PlatformException(operation, "the host does not support standby"
          + " (capability.standbySupported=false): configure a wake protocol (IPMI, iLO or"
          + " Wake-on-LAN) for DPM, or fail the host with host-maintenance or host-disconnect");
    }
    List<VmInfo> running = vim.vms().find(name -> true).stream()
        .filter(vm -> host.ref().equals(vm.host()) && vm.poweredOn()).toList();
    List<VmInfo> stopped = new ArrayList<>();
    try {
      for (VmInfo vm : running) {
        vim.vms().powerOff(vm);
        stopped.add(vm);
      }
      vim.hosts().standby(host);
    } catch (RuntimeException e) {
      throw undone(vim, operation, stopped, e);
    }
    stoppedVms.put(host.name(), stopped);
    return "host " + host.ref().value() + " in standby; VMs powered off hard first: "
        + (running.isEmpty() ? "none" : String.join(", ", running.stream().map(VmInfo::name)
            .toList()));
  }

  /**
   * Powers the VMs a failed standby stopped on again (each tried twice) and returns the error to
   * raise: {@code failure}, or one naming the VMs that stayed off.
   */
  private static RuntimeException undone(VimClient vim, String operation, List<VmInfo> stopped,
      RuntimeException failure) {
    powerOn(vim, stopped, e -> { }); // failures: next pass
    List<RuntimeException> left = new ArrayList<>();
    powerOn(vim, stopped, left::add);
    if (left.isEmpty()) {
      return failure;
    }
    PlatformException named = new PlatformException(operation, failure.getMessage()
        + "; VMs it powered off and could not power on again: "
        + String.join("; ", left.stream().map(Throwable::getMessage).toList()), failure);
    left.forEach(named::addSuppressed);
    return named;
  }

  String powerOn(VimClient vim, HostInfo host) {
    if ("poweredOff".equals(host.powerState())) {
      throw new PlatformException("power on host " + host.name(), "it was shut down"
          + " (poweredOff); PowerUpHostFromStandBy_Task wakes a host from standby only"
          + " (InvalidState for a poweredOff host): power it on through its BMC (iLO, IPMI) or by"
          + " hand, wait until vCenter shows it connected, then power its VMs on with vm-power-on");
    }
    List<VmInfo> vms = stoppedVms.getOrDefault(host.name(), List.of());
    if (!"poweredOn".equals(host.powerState())) {
      wake(vim, host, vms); // a host an earlier try woke is not woken again
    }
    List<String> started = new ArrayList<>(powerOn(vim, vms, e -> { })); // failures: next pass
    List<RuntimeException> failures = new ArrayList<>();
    started.addAll(powerOn(vim, vms, failures::add));
    if (!failures.isEmpty()) {
      PlatformException left = new PlatformException("power on the VMs host-standby stopped on "
          + host.name(), "the host is up; not powered on: " + String.join("; ", failures.stream()
              .map(Throwable::getMessage).toList()) + " (host-power-on again retries them)");
      failures.forEach(left::addSuppressed);
      throw left;
    }
    stoppedVms.remove(host.name());
    return "host " + host.ref().value() + " woken from standby; VMs powered on again: "
        + (started.isEmpty() ? "none" : String.join(", ", started));
  }

  /** {@code PowerUpHostFromStandBy_Task}, once more when it failed and the host is still down. */
  private static void wake(VimClient vim, HostInfo host, List<VmInfo> vms) {
    try {
      vim.hosts().powerUp(host);
    } catch (RuntimeException first) {
      try {
        if (!"poweredOn".equals(vim.hosts().all().stream().filter(h -> h.ref().equals(
            host.ref())).findFirst().map(HostInfo::powerState).orElse(""))) {
          vim.hosts().powerUp(host);
        }
      } catch (RuntimeException second) {
        second.addSuppressed(first);
        throw new PlatformException("power on host " + host.name(), "it is still in standby"
            + " and the VMs host-standby stopped are off: " + (vms.isEmpty() ? "none"
            : String.join(", ", vms.stream().map(VmInfo::name).toList())) + " ("
            + second.getMessage() + ")", second);
      }
    }
  }

  /** Powers on those of {@code vms} that are off, each tried; returns the names it started. */
  private static List<String> powerOn(VimClient vim, List<VmInfo> vms,
      Consumer<RuntimeException> failed) {
    List<String> started = new ArrayList<>();
    for (VmInfo stopped : vms) {
      try {
        Optional<VmInfo> vm = vim.vms().lookup(stopped.ref());
        if (vm.isPresent() && !vm.get().poweredOn()) {
          vim.vms().powerOn(vm.get());
          started.add(vm.get().name());
        }
      } catch (RuntimeException e) {
        failed.accept(e);
      }
    }
    return started;
  }
}
