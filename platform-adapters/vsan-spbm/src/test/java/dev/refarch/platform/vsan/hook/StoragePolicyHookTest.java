package dev.refarch.platform.vsan.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import dev.refarch.platform.vsan.testing.TestContext;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StoragePolicyHookTest {

  private static final String DISK_1 = "vm-78:205";
  private static final String DISK_2 = "vm-81:205";
  private static final String DEFAULT_POLICY = "aa6d5a82-1c88-45da-85d3-3d74b91a5bad";

  private FakeVcenter vc;
  private StoragePolicyHook hook;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
    hook = new StoragePolicyHook(vc.env());
  }

  @AfterEach
  void stop() {
    vc.close();
  }

  private TestContext a7(int stripeWidth) {
    Map<String, String> settings = vc.settings();
    settings.put("vsan.policy.ftt", "1");
    settings.put("vsan.policy.checksum", "false");
    settings.put("vsan.policy.stripeWidth", Integer.toString(stripeWidth));
    return TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);
  }

  @Test
  void appliesPolicyToDataDisksAndRecordsState() {
    TestContext context = a7(4);

    hook.before(context);

    String id = vc.pbm().policyId("refarch-ftt1-sw4-checksum-off").orElseThrow();
    assertThat(vc.pbm().rule(id, "stripeWidth")).contains("4");
    assertThat(vc.pbm().rule(id, "checksumDisabled")).contains("true");
    assertThat(vc.pbm().association(DISK_1)).contains(id);
    assertThat(vc.pbm().association(DISK_2)).contains(id);
    assertThat(vc.pbm().association("vm-78:204")).as("the OS disk keeps its policy").isEmpty();
    assertThat(context.facts())
        .containsEntry("policy.id", id)
        .containsEntry("policy.action", "created")
        .containsEntry("policy.rule.stripeWidth", "4")
        .containsEntry("vcenter.apiVersion", "6.5")
        .containsEntry("disk.DC0_C0_RP0_VM0.205.previous", "none")
        .containsEntry("disk.DC0_C0_RP0_VM0.205.applied", id)
        .containsEntry("disk.DC0_C0_RP0_VM0.205.associated", id)
        .containsEntry("disk.DC0_C0_RP0_VM0.205.compliance", "compliant")
        .containsEntry("changes", "3");
  }

  @Test
  void secondBeforeChangesNothing() {
    TestContext context = a7(4);
    hook.before(context);
    vc.clearCalls();

    hook.before(context);

    assertThat(vc.mutations()).isZero();
    assertThat(context.facts()).containsEntry("changes", "0")
        .containsEntry("policy.action", "unchanged");
  }

  @Test
  void restoresPreviousPoliciesWhenPhaseFailed() {
    vc.pbm().associate(DISK_1, DEFAULT_POLICY);
    TestContext context = a7(8);
    hook.before(context);

    hook.after(context, PhaseOutcome.failed("client threads failed"));

    assertThat(vc.pbm().association(DISK_1)).contains(DEFAULT_POLICY);
    assertThat(vc.pbm().association(DISK_2)).as("had no policy before").isEmpty();
    assertThat(context.facts()).containsEntry("disk.DC0_C0_RP0_VM0.205.restored", DEFAULT_POLICY)
        .containsEntry("disk.DC0_C0_RP0_VM1.205.restored", "none")
        .containsEntry("policy.deleted", "refarch-ftt1-sw8-checksum-off")
        .containsEntry("restore.changes", "3");
    assertThat(vc.pbm().policyId("refarch-ftt1-sw8-checksum-off")).as("created by the hook")
        .isEmpty();
  }

  @Test
  void restoresAfterBeforeItselfFailed() {
    vc.pbm().associate(DISK_1, DEFAULT_POLICY).neverCompliant();
    TestContext context = a7(12).with("vsan.timeoutSeconds", "1");

    assertThatThrownBy(() -> hook.before(context)).isInstanceOf(PlatformException.class)
        .hasMessageContaining("not compliant after 1 s")
        .hasMessageContaining("disk-202-1 of DC0_C0_RP0_VM0 nonCompliant");
    hook.after(context, PhaseOutcome.failed("before failed"));

    assertThat(vc.pbm().association(DISK_1)).contains(DEFAULT_POLICY);
    assertThat(context.facts()).containsEntry("disk.DC0_C0_RP0_VM0.205.compliance", "nonCompliant");
  }

  @Test
  void waitsUntilDisksAreCompliant() {
    vc.pbm().lagCompliance(2);
    TestContext context = a7(2);

    hook.before(context);

    assertThat(vc.count("PbmCheckCompliance")).isEqualTo(3);
    assertThat(context.facts()).containsEntry("disk.DC0_C0_RP0_VM1.205.compliance", "compliant");
  }

  @Test
  void recordsUnknownComplianceWhenServerCannotCheck() {
    vc.respond("PbmCheckCompliance", "pbm/PbmCheckCompliance-ManagedObjectNotFound.xml");
    TestContext context = a7(2);

    hook.before(context);

    assertThat(context.facts()).containsEntry("disk.DC0_C0_RP0_VM0.205.compliance", "unknown");
  }

  @Test
  void updatesNamedPolicyAndReappliesIt() {
    hook.before(a7(2).with("vsan.policy.name", "mongo-data"));
    String id = vc.pbm().policyId("mongo-data").orElseThrow();
    vc.clearCalls();

    TestContext wider = a7(6).with("vsan.policy.name", "mongo-data");
    new StoragePolicyHook(vc.env()).before(wider);

    assertThat(vc.pbm().rule(id, "stripeWidth")).contains("6");
    assertThat(vc.count("PbmUpdate")).isEqualTo(1);
    assertThat(vc.count("ReconfigVM_Task")).as("vSAN re-lays out only on reapply").isEqualTo(2);
    assertThat(wider.facts()).containsEntry("policy.action", "updated");
  }

  @Test
  void explainsWhenServerCannotUpdatePolicies() {
    hook.before(a7(2).with("vsan.policy.name", "mongo-data"));
    vc.respond("PbmUpdate", "pbm/PbmUpdate-MethodNotFound.xml");

    assertThatThrownBy(() -> new StoragePolicyHook(vc.env())
        .before(a7(6).with("vsan.policy.name", "mongo-data")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("cannot update policies (MethodNotFound)")
        .hasMessageContaining("leave vsan.policy.name unset");
  }

  @Test
  void appliesExistingPolicyByName() {
    Map<String, String> settings = vc.settings();
    settings.put("vsan.policy.name", "vSAN Default Storage Policy");
    TestContext context = TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);

    hook.before(context);

    assertThat(vc.pbm().association(DISK_1)).contains(DEFAULT_POLICY);
    assertThat(vc.count("PbmCreate") + vc.count("PbmUpdate")).isZero();
    assertThat(context.facts()).containsEntry("policy.action", "existing");
  }

  @Test
  void rejectsUnknownExistingPolicyWithClosestName() {
    Map<String, String> settings = vc.settings();
    settings.put("vsan.policy.name", "vSAN Default Storage Polcy");

    assertThatThrownBy(() -> hook.before(TestContext.of(StoragePolicyHook.NAME, Phase.RUN,
        settings)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("did you mean 'vSAN Default Storage Policy'?");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void badSettingsFailBeforeContactingTheServer() {
    TestContext context = a7(13);

    assertThatThrownBy(() -> hook.before(context)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.policy.stripeWidth='13'");
    assertThatThrownBy(() -> hook.validate(a7(4).with("vsan.policy.raid", "raid5")
        .with("vsan.policy.ftt", "3").settings())).isInstanceOf(ConfigurationException.class);
    assertThat(vc.calls()).isEmpty();
  }

  @Test
  void unknownVmFailsBeforeAnyChange() {
    TestContext context = a7(4).with("vsan.vms", "DC0_C0_RP0_VM0,DC0_C0_RP0_VM9");

    assertThatThrownBy(() -> hook.before(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.vms='DC0_C0_RP0_VM9'")
        .hasMessageContaining("did you mean 'DC0_C0_RP0_VM0'?");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void unknownDiskLabelFailsBeforeAnyChange() {
    TestContext context = a7(4).with("vsan.disks", "Hard disk 2");

    assertThatThrownBy(() -> hook.before(context))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.disks='Hard disk 2'")
        .hasMessageContaining("disk-202-0, disk-202-1");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void wrongCredentialsFailBeforeAnyChange() {
    StoragePolicyHook wrong = new StoragePolicyHook(Map.of("VSAN_PASSWORD", "not-it"));

    assertThatThrownBy(() -> wrong.before(a7(4)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("as '" + FakeVcenter.USER + "'")
        .hasMessageContaining("InvalidLogin")
        .hasMessageNotContaining("not-it");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void keepsPolicyAfterLoadWhenRestoringAfterRunOnly() {
    TestContext load = TestContext.of(StoragePolicyHook.NAME, Phase.LOAD,
        a7(4).with("vsan.restore", "after-run").settings());
    hook.before(load);
    String id = vc.pbm().policyId("refarch-ftt1-sw4-checksum-off").orElseThrow();

    hook.after(load, PhaseOutcome.success());
    assertThat(vc.pbm().association(DISK_1)).contains(id);

    TestContext run = load.in(Phase.RUN);
    hook.before(run);
    hook.after(run, PhaseOutcome.success());
    assertThat(vc.pbm().association(DISK_1)).isEmpty();
  }

  @Test
  void restoresFromRecordedStateInAnotherInstance() {
    vc.pbm().associate(DISK_1, DEFAULT_POLICY);
    TestContext load = TestContext.of(StoragePolicyHook.NAME, Phase.LOAD,
        a7(4).with("vsan.restore", "after-run").settings());
    hook.before(load);

    StoragePolicyHook runProcess = new StoragePolicyHook(vc.env());
    TestContext run = load.in(Phase.RUN);
    runProcess.before(run);
    runProcess.after(run, PhaseOutcome.success());

    assertThat(vc.pbm().association(DISK_1)).contains(DEFAULT_POLICY);
  }

  @Test
  void sendsNoSecretToStateOrLog() {
    TestContext context = a7(4);
    hook.before(context);
    hook.after(context, PhaseOutcome.success());

    String session = vc.calls().get(vc.calls().size() - 1).cookie();
    assertThat(context.state().toString()).doesNotContain(FakeVcenter.PASSWORD)
        .doesNotContain(session.replace("\"", ""));
    assertThat(String.join("\n", context.logLines())).doesNotContain(FakeVcenter.PASSWORD);
  }
}
