package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the container fault injector refuses before it touches a container. */
class ContainerFaultInjectorTest {

  private static ContainerFaultInjector injector(String topology) {
    return new ContainerFaultInjector(ContainerPlan.of(Topology.parse(topology),
        ContainerSettings.from(Map.of(), name -> null)), Map.of(), null);
  }

  @Test
  void offersTheLocalProvisionersActionsPlusNetworkFaults() {
    assertThat(injector("pss").actions()).containsExactly("stepdown", "kill", "stop", "restart",
        "pause", "resume", "partition", "isolate", "cut", "heal", "slow-disk", "restore-disk",
        "delay", "bandwidth", "restore-network");
    assertThat(injector("rs=3").members()).containsExactly("rs0-0", "rs0-1", "rs0-2");
  }

  @Test
  void rejectsAnUnknownActionNamingTheClosest() {
    assertThatThrownBy(() -> injector("pss").inject(Fault.of("partiton", "primary")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault.action='partiton' is not allowed")
        .hasMessageContaining("did you mean 'partition'?");
  }

  @Test
  void rejectsAParameterTheActionDoesNotTake() {
    assertThatThrownBy(() -> injector("pss").inject(new Fault("kill", "primary",
        Map.of("seconds", "10"))))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("seconds='10' is not allowed; allowed: parameters of kill:"
            + " timeoutSeconds");
  }

  @Test
  void stepsDownOnlyAPrimaryOrADataMember() {
    assertThatThrownBy(() -> injector("rs=3").inject(Fault.of("stepdown", "rs0-2")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("a replica set's primary or a data member's name for stepdown");
  }

  @Test
  void bringsBackOnlyAMemberThatWasTakenOutThatWay() {
    assertThatThrownBy(() -> injector("pss").inject(Fault.of("heal", "primary")))
        .isInstanceOf(PlatformException.class)
        .hasMessage("heal primary: no member that is cut off (partitioned) or cut off by packet"
            + " filters (isolate, cut) matches; taken out: none");
    assertThatThrownBy(() -> injector("pss").inject(Fault.of("restart", "rs0-1")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("no member that is down (killed or stopped) matches");
  }

  @Test
  void slowsClientTrafficOnlyOnAClusterStartedWithTheClientProxy() {
    assertThatThrownBy(() -> injector("pss").inject(new Fault("delay", "primary",
        Map.of("ms", "100"))))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("testcontainers.clientProxy='false' is not allowed; allowed: true,"
            + " for delay");
  }

  @Test
  void rejectsATargetTheLayoutDoesNotHave() {
    assertThatThrownBy(() -> injector("rs=1").inject(Fault.of("kill", "secondary")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault.target='secondary' is not allowed");
  }
}
