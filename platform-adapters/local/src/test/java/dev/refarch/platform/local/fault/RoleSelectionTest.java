package dev.refarch.platform.local.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.local.process.Member.Disruption;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.MemberView.State;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import java.util.List;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class RoleSelectionTest {

  private static FaultTarget target(String role) {
    return new FaultTargets(List.of(new FaultTargets.Member("rs0-0", "rs0",
        FaultTargets.Kind.DATA), new FaultTargets.Member("rs0-1", "rs0", FaultTargets.Kind.DATA),
        new FaultTargets.Member("rs0-2", "rs0", FaultTargets.Kind.DATA),
        new FaultTargets.Member("rs0-3", "rs0", FaultTargets.Kind.ARBITER))).parse(role);
  }

  @Test
  void thePrimaryIsTheMemberThatSaysSo() {
    List<MemberView> views = List.of(view("rs0-0", State.SECONDARY), view("rs0-1", State.PRIMARY),
        view("rs0-2", State.SECONDARY));

    assertThat(RoleSelection.live(target("primary"), views)).contains("rs0-1");
  }

  @Test
  void ofTwoPrimariesTheLaterElectionWins() {
    List<MemberView> views = List.of(
        new MemberView("rs0-0", State.PRIMARY, new ObjectId("7fffffff0000000000000001"), "p"),
        new MemberView("rs0-1", State.PRIMARY, new ObjectId("7fffffff0000000000000002"), "p"));

    assertThat(RoleSelection.live(target("primary"), views)).contains("rs0-1");
  }

  @Test
  void theSecondaryWithTheLowestNameIsChosen() {
    List<MemberView> views = List.of(view("rs0-2", State.SECONDARY), view("rs0-0", State.PRIMARY),
        view("rs0-1", State.SECONDARY));

    assertThat(RoleSelection.live(target("secondary"), views)).contains("rs0-1");
    assertThat(RoleSelection.live(target("secondary:2"), views)).contains("rs0-2");
  }

  @Test
  void pausedDownAndUnreachableMembersNeverHoldARole() {
    List<MemberView> views = List.of(view("rs0-0", State.PAUSED), view("rs0-1", State.DOWN),
        view("rs0-2", State.UNREACHABLE), view("rs0-3", State.OTHER));

    assertThat(RoleSelection.live(target("primary"), views)).isEmpty();
    assertThat(RoleSelection.live(target("secondary"), views)).isEmpty();
    assertThat(RoleSelection.live(target("arbiter"), views)).isEmpty();
  }

  @Test
  void theArbiterIsTheMemberThatSaysSo() {
    assertThat(RoleSelection.live(target("arbiter"), List.of(view("rs0-0", State.PRIMARY),
        view("rs0-2", State.ARBITER)))).contains("rs0-2");
  }

  @Test
  void disruptedRolesPickTheLatestMemberThatHadTheRole() {
    List<RoleSelection.Disrupted> down = List.of(
        new RoleSelection.Disrupted("rs0-0", new Disruption("primary", 1)),
        new RoleSelection.Disrupted("rs0-1", new Disruption("secondary", 2)),
        new RoleSelection.Disrupted("rs0-2", new Disruption("primary", 3)),
        new RoleSelection.Disrupted("rs0-3", null));

    assertThat(RoleSelection.disrupted("primary", down)).contains("rs0-2");
    assertThat(RoleSelection.disrupted("secondary", down)).contains("rs0-1");
    assertThat(RoleSelection.disrupted("arbiter", down)).isEmpty();
  }

  private static MemberView view(String name, State state) {
    return MemberView.of(name, state, state.label());
  }
}
