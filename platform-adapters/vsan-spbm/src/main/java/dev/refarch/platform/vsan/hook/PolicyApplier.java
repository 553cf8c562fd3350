package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.PolicyRequest;
import dev.refarch.platform.vsan.config.VsanConfig;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.pbm.Compliance;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.vsan.pbm.PbmClient;
import dev.refarch.platform.vsan.pbm.StoragePolicy;
import dev.refarch.platform.vsan.vim.VirtualDisk;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Does the storage-policy work of one {@code before} or {@code after} on one session: ensures the
 * policy, remembers and replaces each data disk's policy, verifies and waits for compliance, and
 * restores. Every decision reads the server first, so a repeated {@code before} changes nothing.
 *
 * <p>Not thread-safe; one instance serves one hook call.
 */
final class PolicyApplier {

  /** How the wanted policy came to exist. */
  enum PolicyAction { CREATED, UPDATED, UNCHANGED, EXISTING }

  private record Target(VmInfo vm, List<VirtualDisk> disks) {
  }

  private record Ensured(StoragePolicy policy, PolicyAction action) {
  }

  private final VsanSession session;
  private final VsanConfig config;
  private final DiskLedger ledger;
  private final BiConsumer<String, String> record;

  PolicyApplier(VsanSession session, VsanConfig config, DiskLedger ledger,
      BiConsumer<String, String> record) {
    this.session = session;
    this.config = config;
    this.ledger = ledger;
    this.record = record;
  }

  /** Applies the wanted policy to every data disk; returns how many objects it changed. */
  int apply() {
    var about = session.vim().about();
    record.accept("vcenter.fullName", about.fullName());
    record.accept("vcenter.apiVersion", about.apiVersion());
    // Every lookup that can fail on bad input happens before the first change.
    List<Target> targets = new ArrayList<>();
    for (VmInfo vm : Targets.vms(session.vim(), config.requireVms())) {
      targets.add(new Target(vm, Targets.disks(vm, config.disks())));
    }
    PbmClient pbm = session.pbm();
    record.accept("pbm.version", pbm.version());
    PolicyRequest request = config.policy().orElseThrow(() -> new ConfigurationException(
        VsanSettings.POLICY_NAME.key(), null, "a policy name or at least one vsan.policy.* rule"));
    Ensured ensured = ensure(pbm, request);
    // An updated policy must be applied again: vSAN re-lays out objects only on reapply.
    boolean reapply = ensured.action() == PolicyAction.UPDATED;
    int changes = ensured.action() == PolicyAction.CREATED || reapply ? 1 : 0;
    List<DiskEntity> applied = new ArrayList<>();
    for (Target target : targets) {
      changes += applyTo(pbm, target, ensured.policy(), reapply, applied);
    }
    verify(pbm, ensured.policy(), applied);
    awaitCompliance(pbm, ensured.policy(), applied);
    record.accept("changes", Integer.toString(changes));
    return changes;
  }

  /** Remembers and replaces the policy of one VM's data disks in one task; returns the count. */
  private int applyTo(PbmClient pbm, Target target, StoragePolicy policy, boolean reapply,
      List<DiskEntity> applied) {
    Map<VirtualDisk, Optional<String>> change = new LinkedHashMap<>();
    for (VirtualDisk disk : target.disks()) {
      DiskEntity entity = new DiskEntity(target.vm().ref(), disk.key());
      AssociatedPolicy current = pbm.associated(entity);
      ledger.rememberIfAbsent(entity, target.vm().name(), disk.label(), current);
      recordDisk(ledger.get(entity), "previous", ledger.get(entity).previous().label());
      if (reapply || !current.is(policy.id())) {
        change.put(disk, Optional.of(policy.id()));
      }
      applied.add(entity);
    }
    session.vim().vms().setDiskPolicies(target.vm(), change);
    return change.size();
  }

  private void awaitCompliance(PbmClient pbm, StoragePolicy policy, List<DiskEntity> disks) {
    Map<DiskEntity, Compliance> compliance = new LinkedHashMap<>();
    try {
      if (config.waitForCompliance()) {
        new ComplianceWait(pbm, session.vim().timeout(), this::describe)
            .await(policy, disks, compliance);
      } else {
        compliance.putAll(pbm.compliance(disks));
      }
    } finally {
      compliance.forEach((disk, status) ->
          record.accept(prefix(disk) + "compliance", status.status()));
    }
  }

  private Ensured ensure(PbmClient pbm, PolicyRequest request) {
    String name = request.effectiveName();
    List<StoragePolicy> all = pbm.policies();
    Optional<StoragePolicy> existing = all.stream().filter(p -> p.name().equals(name)).findFirst();
    StoragePolicy policy;
    PolicyAction action;
    if (!request.managesRules()) {
      List<String> names = all.stream().map(StoragePolicy::name).toList();
      policy = existing.orElseThrow(() -> new ConfigurationException(
          VsanSettings.POLICY_NAME.key(), name, "an existing policy: " + names,
          Suggestions.closest(name, names).map(c -> "did you mean '" + c + "'?")
              .orElse("or give vsan.policy.* rules to create it")));
      action = PolicyAction.EXISTING;
    } else if (existing.isEmpty()) {
      String id = pbm.create(name, description(request), request.rules());
      policy = new StoragePolicy(id, name, description(request), request.rules(), List.of());
      action = PolicyAction.CREATED;
    } else if (existing.get().hasExactly(request.rules())) {
      policy = existing.get();
      action = PolicyAction.UNCHANGED;
    } else {
      pbm.update(existing.get().id(), description(request), request.rules());
      policy = new StoragePolicy(existing.get().id(), name, description(request),
          request.rules(), List.of());
      action = PolicyAction.UPDATED;
    }
    record.accept("policy.id", policy.id());
    record.accept("policy.name", policy.name());
    record.accept("policy.action", action.name().toLowerCase(Locale.ROOT));
    policy.rules().capabilities().forEach((id, value) ->
        record.accept("policy.rule." + id, value.toString()));
    return new Ensured(policy, action);
  }

  private static String description(PolicyRequest request) {
    return "ycsb-mongo-refarch vsan-spbm: " + request.rules().capabilities();
  }

  private void verify(PbmClient pbm, StoragePolicy policy, List<DiskEntity> disks) {
    for (DiskEntity disk : disks) {
      AssociatedPolicy now = pbm.associated(disk);
      DiskLedger.Entry entry = ledger.get(disk);
      recordDisk(entry, "applied", policy.id());
      recordDisk(entry, "associated", now.label());
      if (now.profileId().isPresent() && !now.is(policy.id())) {
        throw new PlatformException("apply storage policy " + policy.name(), entry.label()
            + " of " + entry.vmName() + " still carries policy " + now.label()
            + " after the reconfigure task succeeded");
      }
    }
  }

  /**
   * Puts every remembered disk back to its previous policy (the datastore default when it had
   * none, or when the server could not tell); returns how many it changed. Carries on past a VM
   * that fails so that the others are restored, then reports every failure.
   *
   * @throws PlatformException naming each VM whose disks could not be restored
   */
  int restore() {
    Map<String, List<DiskLedger.Entry>> byVm = new LinkedHashMap<>();
    ledger.entries().forEach(e -> byVm.computeIfAbsent(e.disk().vm().value(),
        k -> new ArrayList<>()).add(e));
    int changes = 0;
    List<String> failures = new ArrayList<>();
    for (List<DiskLedger.Entry> entries : byVm.values()) {
      try {
        changes += restore(entries);
      } catch (PlatformException e) {
        failures.add(entries.get(0).vmName() + ": " + e.getMessage());
      }
    }
    record.accept("restore.changes", Integer.toString(changes));
    if (!failures.isEmpty()) {
      throw new PlatformException("restore storage policies", String.join("; ", failures));
    }
    return changes;
  }

  private int restore(List<DiskLedger.Entry> entries) {
    PbmClient pbm = session.pbm();
    VmInfo vm = session.vim().vms().get(entries.get(0).disk().vm());
    Map<VirtualDisk, Optional<String>> change = new LinkedHashMap<>();
    for (DiskLedger.Entry entry : entries) {
      AssociatedPolicy now = pbm.associated(entry.disk());
      AssociatedPolicy previous = entry.previous();
      boolean same = previous.profileId().isPresent() ? now.is(previous.profileId().get())
          : now.known() && now.profileId().isEmpty();
      Optional<VirtualDisk> disk = vm.disks().stream()
          .filter(d -> d.key() == entry.disk().deviceKey()).findFirst();
      if (!same && disk.isPresent()) {
        change.put(disk.get(), previous.profileId());
      }
      recordDisk(entry, "restored", disk.isPresent() ? previous.label() : "disk gone");
    }
    session.vim().vms().setDiskPolicies(vm, change);
    return change.size();
  }

  private void recordDisk(DiskLedger.Entry entry, String fact, String value) {
    String prefix = prefix(entry.disk());
    record.accept(prefix + "label", entry.label());
    record.accept(prefix + "entity", entry.disk().key());
    record.accept(prefix + fact, value);
  }

  private String prefix(DiskEntity disk) {
    DiskLedger.Entry entry = ledger.get(disk);
    return "disk." + entry.vmName() + "." + disk.deviceKey() + ".";
  }

  private String describe(DiskEntity disk) {
    DiskLedger.Entry entry = ledger.get(disk);
    return entry.label() + " of " + entry.vmName();
  }
}
