package dev.refarch.platform.local.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.MemberView.State;
import dev.refarch.platform.local.process.Role;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The replica set configuration and the health rule, without processes. */
class ReplicaSetsTest {

  private final ReplicaSetGroup rs3 = new ReplicaSetGroup("rs0", false, List.of(
      member("rs0-0", Role.DATA, 30000), member("rs0-1", Role.DATA, 30001),
      member("rs0-2", Role.ARBITER, 30002)));

  @Test
  void initiateConfigMarksTheArbiterAndSetsTheElectionTimeout() {
    Document config = rs3.initiateConfig(OptionalInt.of(2000));

    assertThat(config.getString("_id")).isEqualTo("rs0");
    assertThat(config.getList("members", Document.class)).containsExactly(
        new Document("_id", 0).append("host", "127.0.0.1:30000"),
        new Document("_id", 1).append("host", "127.0.0.1:30001"),
        new Document("_id", 2).append("host", "127.0.0.1:30002").append("arbiterOnly", true));
    assertThat(config.get("settings", Document.class))
        .isEqualTo(new Document("electionTimeoutMillis", 2000));
    assertThat(config).doesNotContainKey("configsvr");
  }

  @Test
  void configServersSayServerDefaultsUnlessAnElectionTimeoutIsSet() {
    ReplicaSetGroup config = new ReplicaSetGroup("config", true,
        List.of(member("config-0", Role.CONFIG, 30010)));

    Document doc = config.initiateConfig(OptionalInt.empty());

    assertThat(doc.getBoolean("configsvr")).isTrue();
    assertThat(doc).doesNotContainKey("settings");
  }

  @Test
  void seedListHoldsOnlyDataMembers() {
    assertThat(rs3.seedList()).isEqualTo("127.0.0.1:30000,127.0.0.1:30001");
  }

  @Test
  void healthyMeansOnePrimaryTheOtherDataMembersSecondaryAndTheArbiterArbiter() {
    assertThat(ReplicaSets.isHealthy(rs3, views(State.PRIMARY, State.SECONDARY, State.ARBITER)))
        .isTrue();
    assertThat(ReplicaSets.isHealthy(rs3, views(State.SECONDARY, State.SECONDARY, State.ARBITER)))
        .isFalse();
    assertThat(ReplicaSets.isHealthy(rs3, views(State.PRIMARY, State.OTHER, State.ARBITER)))
        .isFalse();
    assertThat(ReplicaSets.isHealthy(rs3, views(State.PRIMARY, State.PRIMARY, State.ARBITER)))
        .isFalse();
    assertThat(ReplicaSets.isHealthy(rs3, views(State.PRIMARY, State.SECONDARY, State.SECONDARY)))
        .isFalse();
  }

  @Test
  void stepsUpTheFirstSecondaryOnlyWhenThereIsNoPrimary() {
    assertThat(ReplicaSets.stepUpCandidate(rs3,
        views(State.OTHER, State.SECONDARY, State.ARBITER))).map(Member::name).contains("rs0-1");
    assertThat(ReplicaSets.stepUpCandidate(rs3,
        views(State.PRIMARY, State.SECONDARY, State.ARBITER))).isEmpty();
    assertThat(ReplicaSets.stepUpCandidate(rs3,
        views(State.OTHER, State.OTHER, State.ARBITER))).isEmpty();
  }

  private static List<MemberView> views(State... states) {
    return java.util.stream.IntStream.range(0, states.length)
        .mapToObj(i -> MemberView.of("rs0-" + i, states[i], states[i].label())).toList();
  }

  static Member member(String name, Role role, int port) {
    return new Member(new MemberSpec(name, role, name.substring(0, name.indexOf('-')), port,
        Path.of("/tmp/x", name), Path.of("/opt/mongod"), List.of()));
  }
}
