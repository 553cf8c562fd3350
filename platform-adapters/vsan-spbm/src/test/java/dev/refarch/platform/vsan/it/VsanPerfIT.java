package dev.refarch.platform.vsan.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.telemetry.VsanTelemetry;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code vsan} telemetry source against vcsim-plus's vSAN performance service (a test double
 * answering {@code VsanPerfQueryPerf} in the shapes of govmomi's types, generated from VMware's
 * vSAN WSDL, from the points each test records; collection interval 2 s): which points become
 * samples, in which units, how often it asks, and the reason it gives where the service is off.
 */
class VsanPerfIT {

  private static final String VM0 = "DC0_C0_RP0_VM0";
  private static final String VM1 = "DC0_C0_RP0_VM1";

  @RegisterExtension
  static final SimulatorExtension SIM = new SimulatorExtension(Simulators::plus,
      "-vm", "2", "-host", "2", "-data-disks", "0", "-perf-interval", "2");

  private static TelemetryTarget target(Map<String, String> settings) {
    return new TelemetryTarget("mongodb://127.0.0.1:1", Optional.empty(), PlatformState::empty,
        true, settings, Optional.empty());
  }

  private static Map<String, String> settings() {
    return ItSupport.settings(SIM.running(), VM0 + "," + VM1);
  }

  private static String entity(String vmName) {
    try (VsanSession session = ItSupport.session(SIM.running())) {
      VmInfo vm = session.vim().vms().find(vmName::equals).get(0);
      return "virtual-machine:" + session.vim().properties()
          .of(vm.ref(), List.of("config.instanceUuid")).text("config.instanceUuid");
    }
  }

  private static TelemetrySource open(Map<String, String> settings) {
    return new VsanTelemetry(ItSupport.ENV).open(target(settings)).orElseThrow();
  }

  @Test
  void recordsEachVmsNewestPointOnceInTheUnitsTheServiceDeclares() throws Exception {
    PlusControl control = new PlusControl(SIM.running());
    try (TelemetrySource source = open(settings())) {
      long opened = System.currentTimeMillis() / 1000;
      assertThat(source.watches()).containsExactly(VM0, VM1);
      // the service answers up to its own clock: the points must lie in the past when asked for
      while (System.currentTimeMillis() / 1000 < opened + 3) {
        Thread.sleep(100);
      }
      control.perfPoint(entity(VM0), opened - 10, Map.of("iopsRead", 999.0)); // before the trial
      control.perfPoint(entity(VM0), opened + 2, Map.of("iopsRead", 120.0, "iopsWrite", 30.5,
          "throughputRead", 491520.0, "latencyRead", 1.5)); // latencyWrite: a gap
      control.perfPoint(entity(VM1), opened + 2, Map.of("iopsRead", 7.0));
      long now = System.currentTimeMillis();

      TelemetryRound first = source.sample(now);

      assertThat(first.samples()).containsExactlyInAnyOrder(
          new TelemetrySample(VM0, "vsan.iopsRead", "/s", 120),
          new TelemetrySample(VM0, "vsan.iopsWrite", "/s", 30.5),
          new TelemetrySample(VM0, "vsan.throughputRead", "bytes/s", 491520),
          new TelemetrySample(VM0, "vsan.latencyRead", "ms", 1.5),
          new TelemetrySample(VM1, "vsan.iopsRead", "/s", 7));
      assertThat(first.missing()).isEmpty();

      int queries = control.perfQueries();
      assertThat(source.sample(now + 500).samples())
          .as("within a fifth of the 2 s interval, floored at 1 s: not asked again").isEmpty();
      assertThat(control.perfQueries()).isEqualTo(queries);
      assertThat(source.sample(now + 1000).samples()).as("no new point").isEmpty();
      assertThat(control.perfQueries()).isEqualTo(queries + 1);

      control.perfPoint(entity(VM0), opened + 3, Map.of("iopsRead", 80.0));
      assertThat(source.sample(now + 2000).samples())
          .containsExactly(new TelemetrySample(VM0, "vsan.iopsRead", "/s", 80));
    }
  }

  @Test
  void aClusterWhoseServiceIsOffFailsEachQueryWithTheReasonAndWhatToDo() {
    PlusControl control = new PlusControl(SIM.running());
    try (TelemetrySource source = open(settings())) {
      control.perfEnabled(false);
      assertThatThrownBy(() -> source.sample(System.currentTimeMillis()))
          .isInstanceOf(PlatformException.class)
          .hasMessageContaining("vSAN performance service of cluster")
          .hasMessageContaining("is off (")
          .hasMessageContaining("NotFound")
          .hasMessageContaining("vsan.perf=false");
    } finally {
      control.perfEnabled(true);
    }
  }

  @Test
  void isFoundAsAProviderAndOpensOnlyForVmsWithTheServiceWanted() {
    assertThat(ServiceLoader.load(TelemetryProvider.class).stream()
        .map(p -> p.get().name())).contains("vsan");
    VsanTelemetry provider = new VsanTelemetry(ItSupport.ENV);
    Map<String, String> off = new HashMap<>(settings());
    off.put("vsan.perf", "false");
    Map<String, String> noVms = new HashMap<>(settings());
    noVms.remove("vsan.vms");
    assertThat(provider.open(target(off))).isEmpty();
    assertThat(provider.open(target(noVms))).isEmpty();
    assertThat(provider.open(target(Map.of()))).isEmpty();

    Map<String, String> nothing = new HashMap<>(settings());
    nothing.put("vsan.vms", "no-such-vm-*");
    assertThatThrownBy(() -> provider.open(target(nothing)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("vsan.vms=no-such-vm-* matches no VM");
  }
}
