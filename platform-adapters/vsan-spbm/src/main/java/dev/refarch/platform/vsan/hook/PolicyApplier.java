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
 * Does the storage-policy work of one {@code before} on one session: ensures the policy
 * (remembering in the {@link DiskLedger} a policy it creates, and the constraints of one it
 * updates), remembers and replaces each data disk's policy, verifies and waits for compliance.
 * Every decision reads the server first, so a repeated {@code before} changes nothing.
 * {@link PolicyRestorer} undoes it.
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
    for (VmInfo vm : Inventory.vms(session.vim(), config.requireVms())) {
      targets.add(new Target(vm, Inventory.disks(vm, config.disks())));
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
          record.accept(ledger.get(disk).fact("compliance"), status.status()));
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
      String id = created(pbm, name, request);
      policy = new StoragePolicy(id, name, description(request), request.rules(), List.of());
      action = PolicyAction.CREATED;
    } else if (existing.get().hasExactly(request.rules())) {
      policy = existing.get();
      action = PolicyAction.UNCHANGED;
    } else {
      StoragePolicy old = existing.get();
      pbm.constraints(old.id()).ifPresent(c -> ledger.policyUpdated(old.id(), name,
          old.description(), c));
      pbm.update(old.id(), description(request), request.rules());
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

  /**
   * Creates the policy and remembers it for the restore — also when the request failed but the
   * server created it (looked up by name before the failure is passed on).
   */
  private String created(PbmClient pbm, String name, PolicyRequest request) {
    String id;
    try {
      id = pbm.create(name, description(request), request.rules());
    } catch (RuntimeException e) {
      try {
        pbm.named(name).ifPresent(p -> ledger.policyCreated(p.id(), name));
      } catch (RuntimeException lookupFailed) {
        e.addSuppressed(lookupFailed);
      }
      throw e;
    }
    ledger.policyCreated(id, name);
    return id;
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

  private void recordDisk(DiskLedger.Entry entry, String fact, String value) {
    recordDisk(record, entry, fact, value);
  }

  /** Records one fact of a disk, with its label and entity (which seed a later instance). */
  static void recordDisk(BiConsumer<String, String> record, DiskLedger.Entry entry, String fact,
      String value) {
    record.accept(entry.fact("label"), entry.label());
    record.accept(entry.fact("entity"), entry.disk().key());
    record.accept(entry.fact(fact), value);
  }

  private String describe(DiskEntity disk) {
    DiskLedger.Entry entry = ledger.get(disk);
    return entry.label() + " of " + entry.vmName();
  }
}
