package dev.refarch.platform.vsan.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VsanFaultInjectorTest {

  private static final String VM = "DC0_C0_RP0_VM0";
  private static final String HOST = "DC0_C0_H1";

  private FakeVcenter vc;
  private VsanFaultInjector faults;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
    faults = new VsanFaultInjector(vc.settings(), vc.env());
  }

  @AfterEach
  void stop() {
    vc.close();
  }

  @Test
  void powersVmOffAndOn() {
    long before = System.currentTimeMillis();
    FaultEvent off = faults.inject(Fault.of("vm-power-off", VM));

    assertThat(vc.inventory().vmProperty(VM, "runtime.powerState")).isEqualTo("poweredOff");
    assertThat(off.epochMillis()).isGreaterThanOrEqualTo(before);
    assertThat(off.detail()).isEqualTo("vm vm-78 was poweredOn");

    faults.inject(Fault.of("vm-power-on", VM));
    assertThat(vc.inventory().vmProperty(VM, "runtime.powerState")).isEqualTo("poweredOn");
  }

  @Test
  void shutsHostDownForcedByDefaultAndSaysPowerOnNeedsTheBmc() {
    faults.inject(Fault.of("host-shutdown", HOST));

    assertThat(vc.calls().stream().filter(c -> c.method().equals("ShutdownHost_Task"))
        .findFirst().orElseThrow().body()).contains("<force>true</force>");
    assertThat(vc.inventory().hostProperty(HOST, "runtime.connectionState"))
        .isEqualTo("notResponding");
    vc.clearCalls();

    assertThatThrownBy(() -> faults.inject(Fault.of("host-power-on", HOST)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("power on host " + HOST + ": it was shut down (poweredOff)")
        .hasMessageContaining("wakes a host from standby only")
        .hasMessageContaining("BMC");
    assertThat(vc.mutations()).as("PowerUpHostFromStandBy_Task would answer InvalidState")
        .isZero();
  }

  @Test
  void refusesStandbyWhereTheHostCannotBeWokenBeforeTouchingAnything() {
    assertThatThrownBy(() -> faults.inject(Fault.of("host-standby", HOST)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("put host " + HOST + " in standby")
        .hasMessageContaining("capability.standbySupported=false")
        .hasMessageContaining("host-maintenance or host-disconnect");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void entersAndLeavesMaintenanceAndReconnects() {
    faults.inject(Fault.of("host-maintenance", HOST));
    assertThat(vc.inventory().hostProperty(HOST, "runtime.inMaintenanceMode")).isEqualTo("true");
    faults.inject(Fault.of("host-exit-maintenance", HOST));
    faults.inject(Fault.of("host-disconnect", HOST));
    assertThat(vc.inventory().hostProperty(HOST, "runtime.connectionState"))
        .isEqualTo("disconnected");
    faults.inject(Fault.of("host-reconnect", HOST));

    assertThat(vc.inventory().hostProperty(HOST, "runtime.inMaintenanceMode")).isEqualTo("false");
    assertThat(vc.inventory().hostProperty(HOST, "runtime.connectionState"))
        .isEqualTo("connected");
  }

  @Test
  void theServiceLoadersInstanceTakesATrialsSettingsWhenConfigured() {
    var configured = new VsanFaultInjector(java.util.Map.of(), vc.env()).configure(vc.settings());
    assertThat(configured.members()).contains(VM, HOST);
  }

  @Test
  void listsVmsThenHosts() {
    assertThat(faults.members()).containsExactly("DC0_C0_RP0_VM0", "DC0_C0_RP0_VM1",
        "DC0_C0_H0", "DC0_C0_H1", "DC0_C0_H2", "DC0_C0_H3", "DC0_H0");
  }

  @Test
  void unknownActionSuggestsClosest() {
    assertThatThrownBy(() -> faults.inject(Fault.of("vm-poweroff", VM)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("did you mean 'vm-power-off'?");
    assertThat(vc.calls()).isEmpty();
  }

  @Test
  void unknownTargetListsMembers() {
    assertThatThrownBy(() -> faults.inject(Fault.of("host-shutdown", "DC0_C0_H9")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault target='DC0_C0_H9'")
        .hasMessageContaining("DC0_C0_H0, DC0_C0_H1");
    assertThat(vc.mutations()).isZero();
  }

  @Test
  void failedTaskCarriesItsFault() {
    assertThatThrownBy(() -> faults.inject(Fault.of("vm-power-on", VM)))
        .isInstanceOf(SoapFault.class)
        .hasMessageContaining("power on " + VM)
        .hasMessageContaining("InvalidPowerState");
  }

  @Test
  void taskThatNeverEndsTimesOutSayingHowLong() {
    vc.inventory().hangTasks("EnterMaintenanceMode_Task");
    var settings = vc.settings();
    settings.put("vsan.timeoutSeconds", "1");

    assertThatThrownBy(() -> new VsanFaultInjector(settings, vc.env())
        .inject(Fault.of("host-maintenance", HOST)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("enter maintenance mode on " + HOST)
        .hasMessageContaining("still running after 1 s");
  }

  @Test
  void everyBreakingActionThatTheApiCanUndoHasARecovery() {
    assertThat(FaultAction.VM_POWER_OFF.recovery()).contains(FaultAction.VM_POWER_ON);
    assertThat(FaultAction.HOST_STANDBY.recovery()).contains(FaultAction.HOST_POWER_ON);
    assertThat(FaultAction.HOST_SHUTDOWN.recovery()).as("no vSphere call powers it on").isEmpty();
    assertThat(FaultAction.HOST_MAINTENANCE.recovery()).contains(FaultAction.HOST_EXIT_MAINTENANCE);
    assertThat(FaultAction.HOST_DISCONNECT.recovery()).contains(FaultAction.HOST_RECONNECT);
  }
}
