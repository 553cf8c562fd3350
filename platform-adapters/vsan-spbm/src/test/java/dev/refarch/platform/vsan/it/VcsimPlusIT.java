package dev.refarch.platform.vsan.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.fault.VsanFaultInjector;
import dev.refarch.platform.vsan.hook.StoragePolicyHook;
import dev.refarch.platform.vsan.hook.VmSizeHook;
import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.testing.TestContext;
import dev.refarch.platform.vsan.vim.HostInfo;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Against vcsim-plus (govmomi simulator v0.56.0 with disk-policy association, PBM update,
 * lagging compliance and host standby): the full apply → compliance → restore loop of study A7,
 * idempotency, in-place policy updates, rules the cluster cannot meet, VM resizing by guest
 * shutdown (and hard power-off of a guest that does not stop), and a host failure the API can undo.
 * Each policy test uses its own VMs (4 hosts, 8 VMs with an OS disk and a data disk each); the
 * resize test puts back what it changes.
 */
class VcsimPlusIT {

  @RegisterExtension
  static final SimulatorExtension SIM = new SimulatorExtension(Simulators::plus,
      "-vm", "2", "-host", "4", "-data-disks", "1", "-compliance-checks", "2");

  private static TestContext a7(String vms, int stripeWidth) {
    Map<String, String> settings = ItSupport.settings(SIM.running(), vms);
    settings.put("vsan.policy.ftt", "1");
    settings.put("vsan.policy.checksum", "false");
    settings.put("vsan.policy.stripeWidth", Integer.toString(stripeWidth));
    return TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);
  }

  @Test
  void appliesWaitsForComplianceAndChangesNothingTheSecondTime() {
    TestContext context = a7("DC0_C0_RP0_VM0", 6);
    StoragePolicyHook hook = new StoragePolicyHook(ItSupport.ENV);

    hook.before(context);
    String id = context.facts().get("policy.id");
    assertThat(context.facts()).containsEntry("disk.DC0_C0_RP0_VM0.205.associated", id)
        .containsEntry("disk.DC0_C0_RP0_VM0.205.compliance", "compliant")
        .containsEntry("disk.DC0_C0_RP0_VM0.205.previous", "none");
    assertThat(ItSupport.dataDiskPolicies(SIM.running(), "DC0_C0_RP0_VM0"))
        .containsExactly(AssociatedPolicy.of(id));

    hook.before(context);
    assertThat(context.facts()).containsEntry("changes", "0")
        .containsEntry("policy.action", "unchanged");

    hook.after(context, PhaseOutcome.success());
    assertThat(ItSupport.dataDiskPolicies(SIM.running(), "DC0_C0_RP0_VM0"))
        .containsExactly(AssociatedPolicy.none());
  }

  @Test
  void restoresPreviousPoliciesWhenTheTrialFails() {
    TestContext baseline = a7("DC0_C0_RP0_VM1", 1).with("vsan.restore", "false");
    new StoragePolicyHook(ItSupport.ENV).before(baseline);
    String baselineId = baseline.facts().get("policy.id");

    TestContext trial = a7("DC0_C0_RP0_VM1", 12);
    StoragePolicyHook hook = new StoragePolicyHook(ItSupport.ENV);
    hook.before(trial);
    assertThat(ItSupport.dataDiskPolicies(SIM.running(), "DC0_C0_RP0_VM1"))
        .containsExactly(AssociatedPolicy.of(trial.facts().get("policy.id")));

    hook.after(trial, PhaseOutcome.failed("YCSB client exited with 1"));

    assertThat(ItSupport.dataDiskPolicies(SIM.running(), "DC0_C0_RP0_VM1"))
        .containsExactly(AssociatedPolicy.of(baselineId));
    assertThat(trial.facts()).containsEntry("disk.DC0_C0_RP0_VM1.205.restored", baselineId);
  }

  @Test
  void updatesANamedPolicyInPlaceAndReappliesIt() {
    TestContext narrow = a7("DC0_H0_VM0", 2).with("vsan.policy.name", "it-mongo-data");
    new StoragePolicyHook(ItSupport.ENV).before(narrow);

    TestContext wide = a7("DC0_H0_VM0", 8).with("vsan.policy.name", "it-mongo-data");
    new StoragePolicyHook(ItSupport.ENV).before(wide);

    assertThat(wide.facts()).containsEntry("policy.action", "updated")
        .containsEntry("policy.id", narrow.facts().get("policy.id"))
        .containsEntry("disk.DC0_H0_VM0.205.compliance", "compliant");
    try (VsanSession session = ItSupport.session(SIM.running())) {
      assertThat(session.pbm().named("it-mongo-data").orElseThrow().rules().stripeWidth())
          .isEqualTo(8);
    }
  }

  @Test
  void reportsRulesTheClusterCannotMeetAndStillRestores() {
    Map<String, String> settings = ItSupport.settings(SIM.running(), "DC0_H0_VM1");
    settings.put("vsan.policy.raid", "raid6");
    settings.put("vsan.timeoutSeconds", "2");
    TestContext context = TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);
    StoragePolicyHook hook = new StoragePolicyHook(ItSupport.ENV);

    assertThatThrownBy(() -> hook.before(context))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("not compliant after 2 s")
        .hasMessageContaining("nonCompliant")
        .hasMessageContaining("RAID-6 6");
    hook.after(context, PhaseOutcome.failed("before failed"));

    assertThat(ItSupport.dataDiskPolicies(SIM.running(), "DC0_H0_VM1"))
        .containsExactly(AssociatedPolicy.none());
  }

  @Test
  void hostStandbyStopsItsVmsAndPowerOnBringsHostAndVmsBack() {
    VsanFaultInjector faults = new VsanFaultInjector(ItSupport.settings(SIM.running(), "*"), ItSupport.ENV);
    String host;
    try (VsanSession session = ItSupport.session(SIM.running())) {
      VmInfo vm = session.vim().vms().find("DC0_C0_RP0_VM0"::equals).get(0);
      host = session.vim().hosts().all().stream().filter(h -> h.ref().equals(vm.host()))
          .findFirst().orElseThrow().name();
    }

    faults.inject(Fault.of("host-standby", host));
    assertThat(hostState(host).powerState()).isEqualTo("standBy");
    assertThat(vmPower("DC0_C0_RP0_VM0")).isEqualTo("poweredOff");

    faults.inject(Fault.of("host-power-on", host));
    assertThat(hostState(host).powerState()).isEqualTo("poweredOn");
    assertThat(hostState(host).connectionState()).isEqualTo("connected");
    assertThat(vmPower("DC0_C0_RP0_VM0")).as("powered on again by host-power-on")
        .isEqualTo("poweredOn");
  }

  @Test
  void powersAHungGuestOffHardAndAWillingOneByGuestShutdown() {
    PlusControl control = new PlusControl(SIM.running());
    control.guest("DC0_H0_VM1", true, true);
    Map<String, String> settings = ItSupport.settings(SIM.running(), "DC0_H0_VM1");
    settings.put("vsan.vm.cpus", "2");
    settings.put("vsan.vm.shutdownSeconds", "1");
    TestContext context = TestContext.of(VmSizeHook.NAME, Phase.RUN, settings);
    VmSizeHook hook = new VmSizeHook(ItSupport.ENV);
    try {
      hook.before(context);
    } finally {
      control.guest("DC0_H0_VM1", true, false);
    }
    assertThat(context.facts()).containsEntry("vm.DC0_H0_VM1.powerOff",
        "hard power-off (the guest did not shut down within 1 s)");
    assertThat(vm("DC0_H0_VM1").cpus()).isEqualTo(2);
    assertThat(vm("DC0_H0_VM1").powerState()).isEqualTo("poweredOn");

    hook.after(context, PhaseOutcome.success());

    assertThat(context.facts()).containsEntry("vm.DC0_H0_VM1.powerOff", "guest shutdown");
    assertThat(vm("DC0_H0_VM1").cpus()).isEqualTo(1);
    assertThat(vm("DC0_H0_VM1").powerState()).isEqualTo("poweredOn");
  }

  private static VmInfo vm(String name) {
    try (VsanSession session = ItSupport.session(SIM.running())) {
      return session.vim().vms().find(name::equals).get(0);
    }
  }

  private static HostInfo hostState(String name) {
    try (VsanSession session = ItSupport.session(SIM.running())) {
      return session.vim().hosts().all().stream().filter(h -> h.name().equals(name))
          .findFirst().orElseThrow();
    }
  }

  private static String vmPower(String name) {
    return vm(name).powerState();
  }
}
