package dev.refarch.platform.local.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class MemberViewTest {

  @Test
  void aWritablePrimaryIsPrimaryWithItsElectionId() {
    ObjectId election = new ObjectId("7fffffff0000000000000003");
    MemberView v = MemberView.fromHello("rs0-0", new Document("isWritablePrimary", true)
        .append("secondary", false).append("electionId", election));

    assertThat(v.state()).isEqualTo(MemberView.State.PRIMARY);
    assertThat(v.electionId()).isEqualTo(election);
  }

  @Test
  void secondaryAndArbiterAreRecognised() {
    assertThat(MemberView.fromHello("a", new Document("isWritablePrimary", false)
        .append("secondary", true)).state()).isEqualTo(MemberView.State.SECONDARY);
    assertThat(MemberView.fromHello("b", new Document("isWritablePrimary", false)
        .append("secondary", false).append("arbiterOnly", true)).state())
        .isEqualTo(MemberView.State.ARBITER);
  }

  @Test
  void anythingElseIsOtherWithTheServersExplanation() {
    MemberView v = MemberView.fromHello("rs0-1", new Document("isWritablePrimary", false)
        .append("secondary", false).append("info", "Does not have a valid replica set config"));

    assertThat(v.state()).isEqualTo(MemberView.State.OTHER);
    assertThat(v).hasToString("rs0-1=OTHER (Does not have a valid replica set config)");
  }

  @Test
  void printsAsNameEqualsState() {
    assertThat(MemberView.of("rs0-2", MemberView.State.PAUSED, "paused"))
        .hasToString("rs0-2=PAUSED");
  }
}
