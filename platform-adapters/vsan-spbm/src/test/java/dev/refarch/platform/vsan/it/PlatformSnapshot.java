package dev.refarch.platform.vsan.it;

import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.vsan.pbm.StoragePolicy;
import dev.refarch.platform.vsan.vim.HostInfo;
import dev.refarch.platform.vsan.vim.VirtualDisk;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the hooks and faults can change, read from the simulator: per VM its sizing and power,
 * per disk its storage policy, per policy its rules and description, per host its power and
 * connection. Each object is one line keyed by what names it in a report (VM, policy or host
 * name), so that two snapshots can be compared object by object; {@code names} maps VM and host
 * references to names.
 */
record PlatformSnapshot(Map<String, String> objects, Map<String, String> names) {

  static PlatformSnapshot read(VsanSession session) {
    Map<String, String> objects = new TreeMap<>();
    Map<String, String> names = new HashMap<>();
    for (VmInfo vm : session.vim().vms().find(name -> true)) {
      StringBuilder line = new StringBuilder(vm.cpus() + " vCPU, " + vm.memoryMb() + " MiB, "
          + vm.powerState() + ", tools " + session.vim().vms().toolsRunning(vm));
      for (VirtualDisk disk : vm.disks()) {
        line.append(", disk ").append(disk.key()).append(' ').append(session.pbm()
            .associated(new DiskEntity(vm.ref(), disk.key())).label());
      }
      objects.put(vm.name(), line.toString());
      names.put(vm.ref().value(), vm.name());
    }
    for (StoragePolicy policy : session.pbm().policies()) {
      objects.put(policy.name(), policy.id() + " " + policy.rules() + " " + policy.otherRules()
          + " '" + policy.description() + "'");
    }
    for (HostInfo host : session.vim().hosts().all()) {
      objects.put(host.name(), host.powerState() + ", " + host.connectionState());
      names.put(host.ref().value(), host.name());
    }
    return new PlatformSnapshot(objects, names);
  }

  /**
   * What a report calls the target of a change as vcsim-plus logs it ({@code "Method moref"}): a
   * VM's or host's name; for a PBM call (on the profile manager) the word {@code policy}.
   */
  String nameOf(String change) {
    String target = change.substring(change.indexOf(' ') + 1);
    return change.startsWith("Pbm") ? "policy" : names.getOrDefault(target, target);
  }

  /** The objects whose line differs (or that exist in one snapshot only). */
  List<String> differingFrom(PlatformSnapshot start) {
    Set<String> names = new LinkedHashSet<>(start.objects().keySet());
    names.addAll(objects.keySet());
    List<String> out = new ArrayList<>();
    for (String name : names) {
      if (!start.objects().getOrDefault(name, "absent").equals(objects.getOrDefault(name,
          "absent"))) {
        out.add(name);
      }
    }
    return out;
  }
}
