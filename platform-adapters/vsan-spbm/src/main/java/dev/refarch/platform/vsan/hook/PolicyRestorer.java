package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.pbm.PbmClient;
import dev.refarch.platform.vsan.vim.VirtualDisk;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Undoes what {@link PolicyApplier} did, as far as the {@link DiskLedger} knows it: puts the
 * constraints of a policy the hook updated back verbatim ({@code PbmUpdate}), gives every
 * remembered disk its previous policy ({@code ReconfigVM_Task}, one per VM; disks whose previous
 * policy is the restored one get it applied again, as vSAN re-lays objects out only on
 * reapplication), and deletes a policy the hook created ({@code PbmDelete}) once no disk of
 * its trial carries it. Each step is tried — a VM that fails does not stop the others — a failed
 * step once more after the rest, and one exception names everything left.
 *
 * <p>Not thread-safe; one instance serves one {@code after}.
 */
final class PolicyRestorer {

  private final VsanSession session;
  private final DiskLedger ledger;
  private final BiConsumer<String, String> record;
  private final List<String> left = new ArrayList<>();
  private final Set<String> vmsDone = new HashSet<>();
  private Optional<String> reapply = Optional.empty();

  PolicyRestorer(VsanSession session, DiskLedger ledger, BiConsumer<String, String> record) {
    this.session = session;
    this.ledger = ledger;
    this.record = record;
  }

  /**
   * Restores; a step that failed is tried once more after the others (a call may fail for a
   * moment, and every step reads the server first). Returns how many objects it changed.
   *
   * @throws PlatformException naming each policy and VM left changed, after trying all
   */
  int restore() {
    int changes = 0;
    for (int pass = 0; pass < 2 && (pass == 0 || !left.isEmpty()); pass++) {
      left.clear();
      changes += restorePass();
    }
    record.accept("restore.changes", Integer.toString(changes));
    if (!left.isEmpty()) {
      throw new PlatformException("restore storage policies", left.size() + " not restored: "
          + String.join("; ", left));
    }
    return changes;
  }

  private int restorePass() {
    PbmClient pbm = session.pbm();
    int changes = 0;
    Optional<DiskLedger.UpdatedPolicy> updated = ledger.updatedPolicy();
    if (updated.isPresent()) {
      DiskLedger.UpdatedPolicy u = updated.get();
      if (attempt("rules of policy " + u.name(), () -> {
        pbm.restoreConstraints(u.id(), u.description(), u.constraints());
        return true;
      }).isPresent()) {
        ledger.updatedPolicyRestored();
        record.accept("policy.restored", "rules of " + u.name() + " put back");
        reapply = Optional.of(u.id());
        vmsDone.clear(); // disks restored before the rules were must get them applied again
        changes++;
      }
    }
    int disksLeft = left.size();
    for (Map.Entry<String, List<DiskLedger.Entry>> vm : byVm().entrySet()) {
      if (!vmsDone.contains(vm.getKey())) {
        Optional<Integer> done = attempt("disk policies of " + vm.getValue().get(0).vmName(),
            () -> restore(vm.getValue(), reapply));
        done.ifPresent(n -> vmsDone.add(vm.getKey()));
        changes += done.orElse(0);
      }
    }
    return changes + deleteCreated(pbm, left.size() == disksLeft);
  }

  private int deleteCreated(PbmClient pbm, boolean disksRestored) {
    Optional<DiskLedger.CreatedPolicy> created = ledger.createdPolicy();
    if (created.isEmpty()) {
      return 0;
    }
    String what = "policy " + created.get().name() + " (created by this hook)";
    if (!disksRestored) {
      left.add(what + " (kept: disks that could not be restored may still carry it)");
      return 0;
    }
    if (attempt(what, () -> {
      pbm.delete(created.get().id());
      return true;
    }).isPresent()) {
      ledger.createdPolicyDeleted();
      record.accept("policy.deleted", created.get().name());
      return 1;
    }
    return 0;
  }

  private Map<String, List<DiskLedger.Entry>> byVm() {
    Map<String, List<DiskLedger.Entry>> out = new LinkedHashMap<>();
    ledger.entries().forEach(e -> out.computeIfAbsent(e.disk().vm().value(),
        k -> new ArrayList<>()).add(e));
    return out;
  }

  private int restore(List<DiskLedger.Entry> entries, Optional<String> reapply) {
    PbmClient pbm = session.pbm();
    VmInfo vm = session.vim().vms().get(entries.get(0).disk().vm());
    Map<VirtualDisk, Optional<String>> change = new LinkedHashMap<>();
    for (DiskLedger.Entry entry : entries) {
      AssociatedPolicy now = pbm.associated(entry.disk());
      AssociatedPolicy previous = entry.previous();
      boolean same = previous.profileId().isPresent() ? now.is(previous.profileId().get())
          : now.known() && now.profileId().isEmpty();
      boolean rulesChanged = previous.profileId().isPresent()
          && previous.profileId().equals(reapply);
      Optional<VirtualDisk> disk = vm.disks().stream()
          .filter(d -> d.key() == entry.disk().deviceKey()).findFirst();
      if ((!same || rulesChanged) && disk.isPresent()) {
        change.put(disk.get(), previous.profileId());
      }
      PolicyApplier.recordDisk(record, entry, "restored", disk.isPresent() ? previous.label()
          : "disk gone");
    }
    session.vim().vms().setDiskPolicies(vm, change);
    return change.size();
  }

  /** Runs a step; when it fails, notes {@code what} is left and returns empty. */
  private <T> Optional<T> attempt(String what, Supplier<T> step) {
    try {
      return Optional.of(step.get());
    } catch (RuntimeException e) {
      left.add(what + " (" + e.getMessage() + ")");
      return Optional.empty();
    }
  }
}
