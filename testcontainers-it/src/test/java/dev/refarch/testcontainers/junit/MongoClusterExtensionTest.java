package dev.refarch.testcontainers.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.mongodb.client.MongoClient;
import dev.refarch.platform.spi.RunningCluster;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/** Runs sample annotated classes through the JUnit engine and checks what the report shows. */
class MongoClusterExtensionTest {

  static final List<String> SEEN = new ArrayList<>();

  @BeforeEach
  void reset() {
    FakeProvisioner.EVENTS.clear();
    SEEN.clear();
  }

  private static EngineExecutionResults run(Class<?> sample) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(sample)).execute();
  }

  @Test
  void skipsEveryTestWithEachBackendsReason() {
    Events events = run(NoBackend.class).testEvents();

    String reason = "no MongoDB sharded:2x3 here: no URI given (-Drefarch.test.unset.uri);"
        + " fake-down: switched off for the test";
    events.assertThatEvents().haveExactly(2, event(test(), skippedWithReason(reason)));
    assertThat(events.started().count()).isZero();
    assertThat(FakeProvisioner.EVENTS).isEmpty();
  }

  @Test
  void injectsTheClusterOfTheFirstAvailableBackend() {
    Events events = run(Injected.class).testEvents();

    assertThat(events.failed().count()).isZero();
    assertThat(events.succeeded().count()).isEqualTo(5);
    assertThat(SEEN).containsExactlyInAnyOrder("uri " + FakeProvisioner.URI,
        "client", "cluster rs=3", "balanced " + FakeProvisioner.URI,
        "durable " + FakeProvisioner.URI);
  }

  @Test
  void startsOneClusterPerClassWithItsSettingsAndClosesItAfterTheLastTest() {
    run(Injected.class);

    assertThat(FakeProvisioner.EVENTS).containsExactly(
        "start rs=3 {local.electionTimeoutMillis=2000, testcontainers.image=mongo:7.0}",
        "close rs=3");
  }

  @Test
  void nestedClassesShareTheEnclosingClassesCluster() {
    Events events = run(Outer.class).testEvents();

    assertThat(events.succeeded().count()).isEqualTo(2);
    assertThat(FakeProvisioner.EVENTS).containsExactly("start sharded:2x1 {}",
        "close sharded:2x1");
  }

  @Test
  void malformedSettingFailsTheTestsWithTheEntry() {
    Events events = run(BadSetting.class).allEvents();

    events.assertThatEvents().haveAtLeastOne(event(finishedWithFailure(message(m ->
        m.contains("@MongoCluster.settings='no-equals-sign' is not allowed")))));
    assertThat(FakeProvisioner.EVENTS).isEmpty();
  }

  @MongoCluster(topology = MongoCluster.Kind.SHARDED, members = 3,
      backends = {"uri", "fake-down"}, uriProperty = "refarch.test.unset.uri")
  static class NoBackend {
    @Test
    void a(String uri) {
      SEEN.add("ran a");
    }

    @Test
    void b(MongoClient client) {
      SEEN.add("ran b");
    }
  }

  @MongoCluster(members = 2, arbiter = true, backends = {"fake-down", "fake"},
      settings = {"testcontainers.image=mongo:7.0", "local.electionTimeoutMillis = 2000"})
  static class Injected {
    @Test
    void connectionString(String uri) {
      SEEN.add("uri " + uri);
    }

    @Test
    void client(MongoClient client) {
      SEEN.add(client != null ? "client" : "no client");
    }

    @Test
    void cluster(RunningCluster cluster) {
      SEEN.add("cluster " + cluster.topology().label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"balanced", "durable"})
    void parameterized(String profile, @MongoUri String uri) {
      SEEN.add(profile + " " + uri);
    }
  }

  @MongoCluster(topology = MongoCluster.Kind.SHARDED, backends = "fake")
  static class Outer {
    @Test
    void outer(String uri) {
      SEEN.add("outer");
    }

    @Nested
    class Inner {
      @Test
      void inner(RunningCluster cluster) {
        SEEN.add("inner");
      }
    }
  }

  @MongoCluster(backends = "fake", settings = "no-equals-sign")
  static class BadSetting {
    @Test
    void a(String uri) {
      SEEN.add("ran");
    }
  }
}
