package dev.refarch.platform.vsan.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import dev.refarch.platform.vsan.testing.TestContext;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VmSizeHookTest {

  private static final String VM = "DC0_C0_RP0_VM0";

  private FakeVcenter vc;
  private VmSizeHook hook;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
    hook = new VmSizeHook(vc.env());
  }

  @AfterEach
  void stop() {
    vc.close();
  }

  private TestContext a3(int cpus, long memoryMb) {
    Map<String, String> settings = vc.settings();
    settings.put("vsan.vms", VM);
    settings.put("vsan.vm.cpus", Integer.toString(cpus));
    settings.put("vsan.vm.memoryMB", Long.toString(memoryMb));
    return TestContext.of(VmSizeHook.NAME, Phase.RUN, settings);
  }

  @Test
  void resizesRunningVmWithPowerCycle() {
    TestContext context = a3(8, 65536);

    hook.before(context);

    assertThat(vc.inventory().vmProperty(VM, "config.hardware.numCPU")).isEqualTo("8");
    assertThat(vc.inventory().vmProperty(VM, "config.hardware.memoryMB")).isEqualTo("65536");
    assertThat(vc.inventory().vmProperty(VM, "runtime.powerState")).isEqualTo("poweredOn");
    assertThat(vc.calls().stream().map(FakeVcenter.Call::method)
        .filter(m -> m.endsWith("_Task")))
        .containsExactly("PowerOffVM_Task", "ReconfigVM_Task", "PowerOnVM_Task");
    assertThat(context.facts()).containsEntry("vm." + VM + ".cpus.previous", "1")
        .containsEntry("vm." + VM + ".memoryMB.previous", "32")
        .containsEntry("vm." + VM + ".cpus", "8");
  }

  @Test
  void secondBeforeChangesNothing() {
    TestContext context = a3(8, 65536);
    hook.before(context);
    vc.clearCalls();

    hook.before(context);

    assertThat(vc.mutations()).isZero();
    assertThat(context.facts()).containsEntry("changes", "0")
        .containsEntry("vm." + VM + ".cpus.previous", "1");
  }

  @Test
  void restoresPreviousSizingAfterFailedPhase() {
    TestContext context = a3(16, 131072);
    hook.before(context);

    hook.after(context, PhaseOutcome.failed("run failed"));

    assertThat(vc.inventory().vmProperty(VM, "config.hardware.numCPU")).isEqualTo("1");
    assertThat(vc.inventory().vmProperty(VM, "config.hardware.memoryMB")).isEqualTo("32");
    assertThat(context.facts()).containsEntry("restore.changes", "1");
  }

  @Test
  void resizesWithoutPowerCycleWhenAskedTo() {
    TestContext context = a3(2, 32).with("vsan.vm.powerCycle", "false");

    hook.before(context);

    assertThat(vc.count("PowerOffVM_Task")).isZero();
    assertThat(vc.calls().stream().filter(c -> c.method().equals("ReconfigVM_Task"))
        .findFirst().orElseThrow().body())
        .contains("<numCPUs>2</numCPUs>").doesNotContain("memoryMB");
  }

  @Test
  void needsCpusOrMemory() {
    Map<String, String> settings = vc.settings();

    assertThatThrownBy(() -> hook.validate(settings))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("set vsan.vm.cpus and/or vsan.vm.memoryMB");
  }
}
