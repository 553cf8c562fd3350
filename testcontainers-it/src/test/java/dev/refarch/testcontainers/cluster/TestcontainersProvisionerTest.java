package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.experiments.faults.FaultActionCheck;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestcontainersProvisionerTest {

  private static final String NO_DOCKER = "Docker unavailable: Could not find a valid Docker"
      + " environment (DOCKER_HOST unset; /var/run/docker.sock absent)";

  @Test
  void isRegisteredAsTestcontainers() {
    assertThat(Extensions.provisioners()).containsKeys("testcontainers", "local");
    assertThat(Extensions.provisioner("testcontainers"))
        .isInstanceOf(TestcontainersProvisioner.class);
  }

  @Test
  void withoutDockerSaysWhy() {
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> NO_DOCKER, image -> Optional.empty());

    assertThat(p.unavailableReason(Topology.parse("sharded:2x3"))).isEqualTo(NO_DOCKER);
    assertThat(p.unavailableReason(Topology.parse("pss"))).isEqualTo(NO_DOCKER);
  }

  @Test
  void offersNoStandaloneEvenWithDocker() {
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> null, image -> Optional.empty());

    assertThat(p.unavailableReason(Topology.standalone())).contains("not a standalone");
    assertThat(p.unavailableReason(Topology.parse("sharded:1x1"))).isNull();
  }

  @Test
  void skipsAShardedClusterWhenTheRoutersImageSaysItHoldsNoMongos() {
    Map<String, Set<String>> labels = Map.of("local/mongod:1", Set.of("mongod"),
        "local/mongod:2", Set.of("mongod", "mongos"));
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> null,
        image -> Optional.ofNullable(labels.get(image)));

    assertThat(p.unavailableReason(Topology.parse("sharded:2x3"),
        Map.of("testcontainers.image", "local/mongod:1")))
        .startsWith("no image with mongos: local/mongod:1 holds only mongod (label"
            + " dev.refarch.commands); set testcontainers.mongosImage")
        .contains("src/bin/build-images --mongos PATH");
    assertThat(p.unavailableReason(Topology.parse("sharded:2x3"), Map.of(
        "testcontainers.image", "local/mongod:1", "testcontainers.mongosImage", "local/mongod:2")))
        .isNull();
    assertThat(p.unavailableReason(Topology.parse("pss"),
        Map.of("testcontainers.image", "local/mongod:1"))).isNull();
  }

  @Test
  void takesAnImageThatSaysNothingAsOneWithMongos() {
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> null,
        image -> Optional.empty());

    assertThat(p.unavailableReason(Topology.parse("sharded:1x1"),
        Map.of("testcontainers.image", "mongo:8.0"))).isNull();
  }

  @Test
  void startWithoutDockerFailsWithTheReasonAndStartsNothing() {
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> NO_DOCKER, image -> Optional.empty());

    assertThatThrownBy(() -> p.start(Topology.parse("rs=1"), Map.of()))
        .isInstanceOf(PlatformException.class)
        .hasMessage("start testcontainers rs=1: " + NO_DOCKER);
  }

  @Test
  void badSettingFailsBeforeDockerIsAsked() {
    TestcontainersProvisioner p = new TestcontainersProvisioner(() -> {
      throw new AssertionError("Docker asked");
    }, image -> {
      throw new AssertionError("Docker asked");
    });

    assertThatThrownBy(() -> p.start(Topology.parse("rs=1"),
        Map.of("testcontainers.startTimeoutSeconds", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("testcontainers.startTimeoutSeconds='0' is not allowed");
  }

  @Test
  void dockerReasonNamesWhatWasLookedFor() {
    String reason = Docker.unavailableReason();
    if (reason != null) { // no Docker here: the reason must say what was missing
      assertThat(reason).startsWith("Docker unavailable: ").contains("DOCKER_HOST")
          .contains("/var/run/docker.sock");
    }
  }

  /**
   * A schedule for a container cluster is checked when the spec is read: actions, and the
   * parameters of isolate, cut and slow-disk, each refusal naming the entry and what is allowed.
   */
  @Test
  void faultSchedulesAreCheckedBeforeAnyContainerStarts() {
    assertThat(Extensions.provisioner("testcontainers").faultActions().orElseThrow())
        .contains("isolate", "cut", "heal", "slow-disk", "restore-disk", "kill");
    FaultActionCheck.check(FaultSchedule.parse("2s isolate primary from=peers; 8s heal primary;"
        + " 9s cut rs0-0 to=rs0-1,rs0-2; 10s slow-disk secondary iops=50 bps=1048576;"
        + " 12s restore-disk secondary"), "testcontainers");

    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s isolate primary from=switch"), "testcontainers"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("faults='run+3000ms isolate primary from=switch' is not allowed")
        .hasMessageContaining("from='switch' is not allowed; allowed: peers, clients, all");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse("3s isolate primary"),
        "testcontainers")).hasMessageContaining("isolate needs from=");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse("3s cut primary"),
        "testcontainers")).hasMessageContaining("cut needs to=");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse("3s cut primary to=,"),
        "testcontainers")).hasMessageContaining("to=',' is not allowed");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s slow-disk primary iops=0"), "testcontainers"))
        .hasMessageContaining("iops='0' is not allowed; allowed: an integer from 1 to 10000000");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s slow-disk primary from=peers"), "testcontainers"))
        .hasMessageContaining("parameters of slow-disk: timeoutSeconds, iops, bps");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse("3s isolat primary"),
        "testcontainers")).hasMessageContaining("did you mean 'isolate'?");
  }

  /**
   * Targets, and the members a {@code cut} names, are checked against the members of the trial's
   * topology before any container starts: a misspelt member fails at {@code --dry-run}, not when
   * the fault fires minutes into a trial.
   */
  @Test
  void faultTargetsAreCheckedAgainstTheMembersTheTopologyWouldHave() {
    Topology pss = Topology.parse("pss");
    FaultActionCheck.checkTargets(FaultSchedule.parse("2s isolate secondary:2 from=peers;"
        + " 8s heal rs0-2; 9s cut primary to=rs0-1,secondary:2; 12s pause rs0/primary"),
        "testcontainers", pss, Map.of());

    assertThatThrownBy(() -> FaultActionCheck.checkTargets(FaultSchedule.parse(
        "3s pause rs0-3"), "testcontainers", pss, Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("faults='run+3000ms pause rs0-3' is not allowed; allowed: targets of"
            + " a testcontainers pss cluster: primary, secondary, secondary:2, rs0/primary,"
            + " rs0/secondary, rs0/secondary:2, rs0-0, rs0-1, rs0-2");
    assertThatThrownBy(() -> FaultActionCheck.checkTargets(FaultSchedule.parse(
        "3s cut primary to=rs0-1,rs0-9"), "testcontainers", pss, Map.of()))
        .hasMessageContaining("allowed: to of a testcontainers pss cluster: primary,")
        .hasMessageContaining("not a target: 'rs0-9'");
    assertThatThrownBy(() -> FaultActionCheck.checkTargets(FaultSchedule.parse(
        "3s stepdown arbiter"), "testcontainers", pss, Map.of()))
        .hasMessageContaining("rs0 has no arbiter");
    FaultActionCheck.checkTargets(FaultSchedule.parse("3s stepdown arbiter"), "testcontainers",
        Topology.parse("rs=3"), Map.of());
  }

  /**
   * {@code delay}, {@code bandwidth} and {@code restore-network} work on the client proxy, which
   * must be there before clients connect: without {@code testcontainers.clientProxy=true} the
   * schedule is refused at {@code --dry-run}, naming the setting; their parameters are checked
   * like any other.
   */
  @Test
  void clientTrafficFaultsNeedTheClientProxySetBeforeTheClusterStarts() {
    Topology pss = Topology.parse("pss");
    FaultSchedule slowed = FaultSchedule.parse("2s delay primary ms=100 jitterMs=10;"
        + " 4s bandwidth rs0-1 bps=250000; 8s restore-network primary; 9s restore-network rs0-1");
    FaultActionCheck.check(slowed, "testcontainers");
    FaultActionCheck.checkTargets(slowed, "testcontainers", pss,
        Map.of("testcontainers.clientProxy", "true"));

    assertThatThrownBy(() -> FaultActionCheck.checkTargets(slowed, "testcontainers", pss,
        Map.of()))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("faults='run+2000ms delay primary jitterMs=10 ms=100' is not"
            + " allowed; allowed: testcontainers.clientProxy of a testcontainers pss cluster:"
            + " true, for delay: it slows client traffic on a proxy set up when the cluster"
            + " starts");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse("3s delay primary"),
        "testcontainers")).hasMessageContaining("delay needs ms=…, e.g. delay primary ms=100");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s delay primary ms=0"), "testcontainers"))
        .hasMessageContaining("ms='0' is not allowed; allowed: an integer from 1 to 60000");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s bandwidth primary bps=999"), "testcontainers"))
        .hasMessageContaining("bps='999' is not allowed");
    assertThatThrownBy(() -> FaultActionCheck.check(FaultSchedule.parse(
        "3s bandwidth primary ms=5"), "testcontainers"))
        .hasMessageContaining("parameters of bandwidth: timeoutSeconds, bps");
  }

  /** The catalog's entries on containers (W1) schedule only what the container injector does. */
  @Test
  void everyCatalogScheduleOnContainersIsOneTheInjectorTakes() {
    int checked = 0;
    for (var entry : dev.refarch.experiments.catalog.Catalog.entries()) {
      for (String scale : entry.scales()) {
        var spec = entry.spec(scale);
        if (!spec.cluster().type().equals("testcontainers")) {
          continue;
        }
        List<FaultSchedule> schedules = new java.util.ArrayList<>(List.of(spec.faults()));
        spec.variants().values().forEach(v -> v.faults().ifPresent(schedules::add));
        for (FaultSchedule schedule : schedules) {
          FaultActionCheck.check(schedule, "testcontainers");
          checked += schedule.entries().size();
        }
      }
    }
    assertThat(checked).as("fault entries of catalog experiments on containers").isGreaterThan(4);
  }
}
