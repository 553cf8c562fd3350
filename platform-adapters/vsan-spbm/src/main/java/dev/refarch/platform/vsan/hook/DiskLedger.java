package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.vsan.soap.MoRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers the policy each disk had before this hook first touched it. The first observation
 * wins, so running {@code before} again (or once per phase) never mistakes our own policy for the
 * one to restore.
 *
 * <p>Not thread-safe; a hook's calls never overlap.
 */
final class DiskLedger {

  /** One remembered disk. */
  record Entry(DiskEntity disk, String vmName, String label, AssociatedPolicy previous) {
  }

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  /** Remembers {@code previous} unless the disk is already known. */
  void rememberIfAbsent(DiskEntity disk, String vmName, String label, AssociatedPolicy previous) {
    entries.putIfAbsent(disk.key(), new Entry(disk, vmName, label, previous));
  }

  Entry get(DiskEntity disk) {
    return entries.get(disk.key());
  }

  List<Entry> entries() {
    return new ArrayList<>(entries.values());
  }

  /**
   * Seeds the ledger from platform state recorded by an earlier instance (load and run phases in
   * separate processes): facts {@code disk.<vm>.<key>.entity} and {@code ...previous}.
   */
  void seed(Map<String, String> facts) {
    facts.forEach((key, value) -> {
      if (!key.startsWith("disk.") || !key.endsWith(".entity")) {
        return;
      }
      String stem = key.substring(0, key.length() - ".entity".length());
      String previous = facts.get(stem + ".previous");
      int colon = value.lastIndexOf(':');
      int dot = stem.lastIndexOf('.');
      if (previous == null || colon < 0 || dot <= "disk.".length()) {
        return;
      }
      DiskEntity disk = new DiskEntity(new MoRef("VirtualMachine", value.substring(0, colon)),
          Integer.parseInt(value.substring(colon + 1)));
      rememberIfAbsent(disk, stem.substring("disk.".length(), dot),
          facts.getOrDefault(stem + ".label", ""), AssociatedPolicy.parse(previous));
    });
  }
}
