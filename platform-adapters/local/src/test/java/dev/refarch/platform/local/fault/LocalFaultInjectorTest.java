package dev.refarch.platform.local.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the injector refuses before touching a process; members here are never started. */
class LocalFaultInjectorTest {

  private final List<Member> members = List.of(
      new Member(MemberSpecs.spec("rs0-0", Role.DATA, "rs0")),
      new Member(MemberSpecs.spec("rs0-1", Role.DATA, "rs0")),
      new Member(MemberSpecs.spec("rs0-2", Role.ARBITER, "rs0")));
  private final LocalFaultInjector injector =
      new LocalFaultInjector(members, Duration.ofSeconds(1));

  @Test
  void listsItsMembersInOrder() {
    assertThat(injector.members()).containsExactly("rs0-0", "rs0-1", "rs0-2");
    assertThat(injector.actions()).containsExactly("kill", "stop", "pause", "resume", "stepdown",
        "restart", "slow-disk", "restore-disk");
  }

  @Test
  void anUnknownActionIsAConfigurationError() {
    assertThatThrownBy(() -> injector.inject(Fault.of("reboot", "primary")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("fault.action='reboot'");
  }

  @Test
  void anUnknownTargetIsAConfigurationError() {
    assertThatThrownBy(() -> injector.inject(Fault.of("kill", "rs0-9")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("allowed: primary, secondary, arbiter, rs0/primary");
  }

  @Test
  void onlyPrimariesAndDataMembersStepDown() {
    assertThatThrownBy(() -> injector.inject(Fault.of("stepdown", "rs0-2")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("a replica set's primary or a data member's name for stepdown");
    assertThatThrownBy(() -> injector.inject(Fault.of("stepdown", "secondary")))
        .isInstanceOf(ConfigurationException.class);
  }

  @Test
  void aNamedMemberMustBeInTheStateTheActionNeeds() {
    assertThatThrownBy(() -> injector.inject(Fault.of("kill", "rs0-1")))
        .isInstanceOf(PlatformException.class)
        .hasMessage("kill rs0-1: rs0-1 is not-started; kill needs a running member");
    assertThat(members).allMatch(m -> m.status() == ProcessStatus.NOT_STARTED);
  }

  @Test
  void aRoleNobodyHoldsTimesOutSayingWhatItSaw() {
    assertThatThrownBy(() -> injector.inject(Fault.of("pause", "primary")
        .with("timeoutSeconds", "1")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("timed out after 1 s waiting for a primary in rs0; last seen:"
            + " [rs0-0=DOWN, rs0-1=DOWN, rs0-2=DOWN]");
  }

  @Test
  void resumingARoleNeedsAMemberPausedInThatRole() {
    assertThatThrownBy(() -> injector.inject(Fault.of("resume", "primary")))
        .isInstanceOf(PlatformException.class)
        .hasMessage("resume primary: no paused member of rs0 was primary when it was disrupted;"
            + " paused members: none");
  }
}
