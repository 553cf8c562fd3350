package dev.refarch.platform.vsan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.vsan.fault.VsanFaultInjector;
import dev.refarch.platform.vsan.hook.StoragePolicyHook;
import dev.refarch.platform.vsan.hook.VmSizeHook;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ExtensionRegistrationTest {

  @Test
  void hooksAreFoundByName() {
    assertThat(Extensions.hook("vsan-spbm")).isInstanceOf(StoragePolicyHook.class);
    assertThat(Extensions.hook("vsan-vm-size")).isInstanceOf(VmSizeHook.class);
  }

  @Test
  void faultInjectorIsFoundByName() {
    FaultInjector vsan = Extensions.find(FaultInjector.class, "faults", "vsan",
        FaultInjector::name);

    assertThat(vsan).isInstanceOf(VsanFaultInjector.class);
    assertThat(vsan.actions()).containsExactly("vm-power-off", "vm-power-on", "host-standby",
        "host-power-on", "host-shutdown", "host-maintenance", "host-exit-maintenance",
        "host-disconnect", "host-reconnect");
    assertThat(ServiceLoader.load(FaultInjector.class).stream()).hasSize(1);
  }
}
