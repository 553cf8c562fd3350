package dev.refarch.platform.vsan.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import dev.refarch.platform.vsan.testing.TestContext;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What {@code vsan-spbm}'s restore puts back besides disk policies, and what it reports. */
class PolicyRestorerTest {

  private static final String DISK_1 = "vm-78:205";

  private FakeVcenter vc;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
  }

  @AfterEach
  void stop() {
    vc.close();
  }

  private TestContext trial(int stripeWidth, String... more) {
    Map<String, String> settings = vc.settings();
    settings.put("vsan.policy.ftt", "1");
    settings.put("vsan.policy.stripeWidth", Integer.toString(stripeWidth));
    for (int i = 0; i < more.length; i += 2) {
      settings.put(more[i], more[i + 1]);
    }
    return TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);
  }

  @Test
  void putsTheRulesOfAnUpdatedPolicyBackVerbatimAndAppliesThemAgain() {
    new StoragePolicyHook(vc.env()).before(trial(2, "vsan.policy.name", "mongo-data",
        "vsan.restore", "false"));
    String id = vc.pbm().policyId("mongo-data").orElseThrow();
    vc.clearCalls();
    StoragePolicyHook hook = new StoragePolicyHook(vc.env());
    TestContext wider = trial(6, "vsan.policy.name", "mongo-data");
    hook.before(wider);
    assertThat(vc.pbm().rule(id, "stripeWidth")).contains("6");

    hook.after(wider, PhaseOutcome.success());

    assertThat(vc.pbm().rule(id, "stripeWidth")).contains("2");
    assertThat(vc.pbm().association(DISK_1)).contains(id);
    assertThat(wider.facts()).containsEntry("policy.restored", "rules of mongo-data put back")
        .containsEntry("restore.changes", "3");
    assertThat(vc.count("ReconfigVM_Task")).as("applied on update, and again on restore")
        .isEqualTo(4);
    assertThat(vc.pbm().policyId("mongo-data")).as("it existed before: kept").isPresent();
  }

  @Test
  void keepsACreatedPolicyThatUnrestoredDisksStillCarryAndNamesEverythingLeft() {
    StoragePolicyHook hook = new StoragePolicyHook(vc.env());
    TestContext context = trial(4);
    hook.before(context);
    vc.inventory().failTasks("ReconfigVM_Task");

    assertThatThrownBy(() -> hook.after(context, PhaseOutcome.success()))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("restore storage policies: 3 not restored")
        .hasMessageContaining("disk policies of DC0_C0_RP0_VM0")
        .hasMessageContaining("disk policies of DC0_C0_RP0_VM1")
        .hasMessageContaining("policy refarch-ftt1-sw4 (created by this hook) (kept: disks that"
            + " could not be restored may still carry it)");
    assertThat(vc.pbm().policyId("refarch-ftt1-sw4")).isPresent();
  }

  @Test
  void restoresAFailedPhaseEvenWithRestoreFalse() {
    StoragePolicyHook hook = new StoragePolicyHook(vc.env());
    TestContext context = trial(4, "vsan.restore", "false");
    hook.before(context);

    hook.after(context, PhaseOutcome.failed("run failed"));

    assertThat(vc.pbm().association(DISK_1)).isEmpty();
    assertThat(vc.pbm().policyId("refarch-ftt1-sw4")).isEmpty();
  }

  @Test
  void keepsWhatASuccessfulPhaseSetWithRestoreFalse() {
    StoragePolicyHook hook = new StoragePolicyHook(vc.env());
    TestContext context = trial(4, "vsan.restore", "false");
    hook.before(context);
    vc.clearCalls();

    hook.after(context, PhaseOutcome.success());

    assertThat(vc.mutations()).isZero();
    assertThat(vc.pbm().policyId("refarch-ftt1-sw4")).isPresent();
  }

  @Test
  void deletesAPolicyWhoseCreateFailedAfterTheServerMadeIt() {
    vc.pbm().loseCreateResponses();
    StoragePolicyHook hook = new StoragePolicyHook(vc.env());
    TestContext context = trial(4);
    assertThatThrownBy(() -> hook.before(context)).hasMessageContaining("MethodNotFound");
    assertThat(vc.pbm().policyId("refarch-ftt1-sw4")).as("the server made it").isPresent();

    hook.after(context, PhaseOutcome.failed("before failed"));

    assertThat(vc.pbm().policyId("refarch-ftt1-sw4")).isEmpty();
    assertThat(context.facts()).containsEntry("policy.deleted", "refarch-ftt1-sw4");
  }
}
