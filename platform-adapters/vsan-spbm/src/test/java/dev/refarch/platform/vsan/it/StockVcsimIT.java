package dev.refarch.platform.vsan.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.fault.VsanFaultInjector;
import dev.refarch.platform.vsan.hook.StoragePolicyHook;
import dev.refarch.platform.vsan.hook.VmSizeHook;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.telemetry.VsanTelemetry;
import dev.refarch.platform.vsan.testing.TestContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against stock vcsim v0.46.3 started with fixed credentials: what the adapter does where the
 * simulator lacks PBM update, compliance, disk association and host shutdown, plus TLS trust,
 * login, VM sizing and the faults stock vcsim supports.
 */
class StockVcsimIT {

  @RegisterExtension
  static final SimulatorExtension SIM = new SimulatorExtension(Simulators::stock,
      "-username", "user", "-password", "pass");

  private static Map<String, String> settings(String vms) {
    return ItSupport.settings(SIM.running(), vms);
  }

  @Test
  void theVsanTelemetryCannotOpenWhereTheVcenterHasNoPerformanceService() {
    TelemetryTarget target = new TelemetryTarget("mongodb://127.0.0.1:1", Optional.empty(),
        PlatformState::empty, true, settings("DC0_H0_VM0"), Optional.empty());

    assertThatThrownBy(() -> new VsanTelemetry(ItSupport.ENV).open(target))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("the vCenter has no vSAN performance service to ask")
        .hasMessageContaining("/vsanHealth (VsanPerfGetSupportedEntityTypes: ManagedObjectNotFound");
  }

  @Test
  void verifiesCertificatesByDefault() {
    Map<String, String> settings = settings("*");
    settings.remove("vsan.insecure");

    assertThatThrownBy(() -> VsanSession.open(Connection.from(settings, ItSupport.ENV)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("TLS handshake failed")
        .hasMessageContaining("vsan.caFile");
  }

  @Test
  void trustsTheGivenCertificatesAndStillChecksTheHostName(@TempDir Path dir) throws Exception {
    Map<String, String> settings = settings("*");
    settings.remove("vsan.insecure");
    settings.put("vsan.caFile", ItSupport.serverCertificate(SIM.running().url(), dir).toString());

    try (VsanSession session = VsanSession.open(Connection.from(settings, ItSupport.ENV))) {
      assertThat(session.vim().about().apiType()).isEqualTo("VirtualCenter");
    }
    settings.put("vsan.url", SIM.running().sdk().replace("127.0.0.1", "localhost"));
    assertThatThrownBy(() -> VsanSession.open(Connection.from(settings, ItSupport.ENV)))
        .isInstanceOf(PlatformException.class).hasMessageContaining("TLS handshake failed");
  }

  @Test
  void insecureTrustsAnyCertificateAndHostName() {
    Map<String, String> settings = settings("*");
    settings.put("vsan.url", SIM.running().sdk().replace("127.0.0.1", "localhost"));

    try (VsanSession session = VsanSession.open(Connection.from(settings, ItSupport.ENV))) {
      assertThat(session.vim().vms().names()).isNotEmpty();
    }
  }

  @Test
  void rejectsWrongCredentialsBeforeAnyChange() {
    StoragePolicyHook hook = new StoragePolicyHook(Map.of("VSAN_PASSWORD", "wrong"));
    Map<String, String> settings = settings("DC0_H0_VM0");
    settings.put("vsan.policy.stripeWidth", "2");

    assertThatThrownBy(() -> hook.before(TestContext.of(StoragePolicyHook.NAME, Phase.RUN,
        settings)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("login to " + SIM.running().sdk() + " as 'user'")
        .hasMessageContaining("InvalidLogin")
        .hasMessageNotContaining("wrong");
    try (VsanSession session = ItSupport.session(SIM.running())) {
      assertThat(session.pbm().policies()).noneMatch(p -> p.name().startsWith("refarch-"));
    }
  }

  @Test
  void appliesPolicyAndRecordsWhatStockVcsimCannotTell() {
    Map<String, String> settings = settings("DC0_H0_VM0");
    settings.put("vsan.disks", "all");
    settings.put("vsan.policy.ftt", "1");
    settings.put("vsan.policy.stripeWidth", "2");
    TestContext context = TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings);
    StoragePolicyHook hook = new StoragePolicyHook(ItSupport.ENV);

    hook.before(context);
    hook.after(context, PhaseOutcome.success());

    Map<String, String> facts = context.facts();
    assertThat(facts).containsEntry("policy.name", "refarch-ftt1-sw2")
        .containsEntry("policy.action", "created")
        .containsEntry("vcenter.apiVersion", "6.5");
    assertThat(valuesEndingWith(facts, ".compliance")).isNotEmpty().containsOnly("unknown");
    assertThat(valuesEndingWith(facts, ".associated")).as("stock vcsim keeps no association")
        .isNotEmpty().containsOnly("none");
  }

  private static List<String> valuesEndingWith(Map<String, String> facts, String suffix) {
    return facts.entrySet().stream().filter(e -> e.getKey().endsWith(suffix))
        .map(Map.Entry::getValue).toList();
  }

  @Test
  void explainsThatStockVcsimCannotUpdatePolicies() {
    Map<String, String> settings = settings("DC0_H0_VM1");
    settings.put("vsan.disks", "all");
    settings.put("vsan.policy.name", "it-named");
    settings.put("vsan.policy.stripeWidth", "2");
    new StoragePolicyHook(ItSupport.ENV).before(TestContext.of(StoragePolicyHook.NAME,
        Phase.RUN, settings));
    settings.put("vsan.policy.stripeWidth", "4");

    assertThatThrownBy(() -> new StoragePolicyHook(ItSupport.ENV).before(
        TestContext.of(StoragePolicyHook.NAME, Phase.RUN, settings)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("cannot update policies (MethodNotFound)");
  }

  @Test
  void resizesVmAndRestoresIt() {
    Map<String, String> settings = settings("DC0_C0_RP0_VM0");
    settings.put("vsan.vm.cpus", "4");
    settings.put("vsan.vm.memoryMB", "4096");
    TestContext context = TestContext.of(VmSizeHook.NAME, Phase.RUN, settings);
    VmSizeHook hook = new VmSizeHook(ItSupport.ENV);

    hook.before(context);
    try (VsanSession session = ItSupport.session(SIM.running())) {
      var vm = session.vim().vms().find("DC0_C0_RP0_VM0"::equals).get(0);
      assertThat(vm.cpus()).isEqualTo(4);
      assertThat(vm.memoryMb()).isEqualTo(4096);
      assertThat(vm.poweredOn()).isTrue();
    }
    hook.after(context, PhaseOutcome.success());

    try (VsanSession session = ItSupport.session(SIM.running())) {
      var vm = session.vim().vms().find("DC0_C0_RP0_VM0"::equals).get(0);
      assertThat(vm.cpus()).isEqualTo(Integer.parseInt(
          context.facts().get("vm.DC0_C0_RP0_VM0.cpus.previous")));
    }
  }

  @Test
  void injectsTheFaultsStockVcsimSupports() {
    VsanFaultInjector faults = new VsanFaultInjector(settings("DC0_C0_RP0_VM1"), ItSupport.ENV);

    faults.inject(Fault.of("vm-power-off", "DC0_C0_RP0_VM1"));
    faults.inject(Fault.of("vm-power-on", "DC0_C0_RP0_VM1"));
    faults.inject(Fault.of("host-maintenance", "DC0_C0_H2"));
    faults.inject(Fault.of("host-exit-maintenance", "DC0_C0_H2"));
    faults.inject(Fault.of("host-disconnect", "DC0_C0_H2"));
    faults.inject(Fault.of("host-reconnect", "DC0_C0_H2"));

    try (VsanSession session = ItSupport.session(SIM.running())) {
      var host = session.vim().hosts().all().stream()
          .filter(h -> h.name().equals("DC0_C0_H2")).findFirst().orElseThrow();
      assertThat(host.connectionState()).isEqualTo("connected");
      assertThat(host.inMaintenanceMode()).isFalse();
    }
    assertThatThrownBy(() -> faults.inject(Fault.of("host-shutdown", "DC0_C0_H2")))
        .isInstanceOf(SoapFault.class)
        .satisfies(e -> assertThat(((SoapFault) e).unsupported()).isTrue());
  }
}
