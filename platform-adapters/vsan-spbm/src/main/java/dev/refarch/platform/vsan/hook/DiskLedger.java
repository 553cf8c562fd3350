package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.vsan.soap.MoRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.w3c.dom.Element;

/**
 * Remembers the policy each disk had before this hook first touched it, the policy the hook
 * created, and the description and constraints a policy had before the hook updated it. The
 * first observation wins, so running {@code before} again (or once per phase) never mistakes our
 * own policy for the one to restore.
 *
 * <p>Not thread-safe; a hook's calls never overlap.
 */
final class DiskLedger {

  /** One remembered disk. */
  record Entry(DiskEntity disk, String vmName, String label, AssociatedPolicy previous) {

    /** The platform-state key of one of this disk's facts, e.g. {@code disk.vm1.2001.previous}. */
    String fact(String name) {
      return "disk." + vmName + "." + disk.deviceKey() + "." + name;
    }
  }

  /** A policy this hook created. */
  record CreatedPolicy(String id, String name) {
  }

  /** A policy this hook updated, as it was before: its description and constraints. */
  record UpdatedPolicy(String id, String name, String description, Element constraints) {
  }

  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private CreatedPolicy created;
  private UpdatedPolicy updated;

  void policyCreated(String id, String name) {
    if (created == null) {
      created = new CreatedPolicy(id, name);
    }
  }

  void policyUpdated(String id, String name, String description, Element constraints) {
    if (updated == null && (created == null || !created.id().equals(id))) {
      updated = new UpdatedPolicy(id, name, description, constraints);
    }
  }

  Optional<CreatedPolicy> createdPolicy() {
    return Optional.ofNullable(created);
  }

  Optional<UpdatedPolicy> updatedPolicy() {
    return Optional.ofNullable(updated);
  }

  void createdPolicyDeleted() {
    created = null;
  }

  void updatedPolicyRestored() {
    updated = null;
  }

  boolean isEmpty() {
    return entries.isEmpty() && created == null && updated == null;
  }

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
