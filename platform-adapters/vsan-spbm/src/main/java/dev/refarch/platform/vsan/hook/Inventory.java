package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import dev.refarch.platform.vsan.config.DiskSelection;
import dev.refarch.platform.vsan.config.NamePattern;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.vim.VimClient;
import dev.refarch.platform.vsan.vim.VirtualDisk;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.List;

/**
 * Resolves {@code vsan.vms} and {@code vsan.disks} against the inventory, failing with the names
 * that do exist before anything is changed.
 *
 * <p>Stateless and thread-safe.
 */
final class Inventory {

  private static final int NAMES_SHOWN = 20;

  private Inventory() {
  }

  /**
   * The VMs matching every entry of {@code pattern}, sorted by name.
   *
   * @throws ConfigurationException naming an entry that matches no VM, with the closest name
   */
  static List<VmInfo> vms(VimClient vim, NamePattern pattern) {
    List<VmInfo> vms = vim.vms().find(pattern::matches);
    List<String> missing = pattern.unmatched(vms.stream().map(VmInfo::name).toList());
    if (!missing.isEmpty()) {
      List<String> names = vim.vms().names();
      String shown = names.isEmpty() ? "(the server has no VMs)" : String.join(", ",
          names.subList(0, Math.min(NAMES_SHOWN, names.size())))
          + (names.size() > NAMES_SHOWN ? ", …" : "");
      throw new ConfigurationException(VsanSettings.VMS.key(), missing.get(0),
          "names or globs of existing VMs: " + shown,
          Suggestions.closest(missing.get(0), names).map(c -> "did you mean '" + c + "'?")
              .orElse("no VM matches"));
    }
    return vms;
  }

  /**
   * The data disks of one VM.
   *
   * @throws ConfigurationException when the selection finds no disk or names a missing label
   */
  static List<VirtualDisk> disks(VmInfo vm, DiskSelection selection) {
    List<VirtualDisk> chosen = selection.select(vm.disks());
    List<String> labels = vm.disks().stream().map(VirtualDisk::label).toList();
    if (selection.mode() == DiskSelection.Mode.LABELS) {
      List<String> missing = selection.labels().unmatched(labels);
      if (!missing.isEmpty()) {
        throw new ConfigurationException(VsanSettings.DISKS.key(), missing.get(0),
            "labels of " + vm.name() + "'s disks: " + labels,
            Suggestions.closest(missing.get(0), labels).map(c -> "did you mean '" + c + "'?")
                .orElse("no disk of " + vm.name() + " has this label"));
      }
    }
    if (chosen.isEmpty()) {
      throw new ConfigurationException(VsanSettings.DISKS.key(), selection.toString(),
          DiskSelection.ALLOWED, vm.name() + " has no such disk (its disks: " + labels
              + "); use vsan.disks=all when data lives on the only disk");
    }
    return chosen;
  }
}
