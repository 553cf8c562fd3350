package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.PlatformState;
import java.util.List;
import org.junit.jupiter.api.Test;

class MongoTelemetryTest {

  @Test
  void membersOnThisMachineAreCalledAsTheirProvisionerNamedThemOthersByAddress() {
    PlatformState state = PlatformState.empty().with("local", "member.rs0-0.port", "28001")
        .with("local", "member.rs0-1.port", "28002")
        .with("testcontainers", "member.rs1-0.address", "172.17.0.1:24543");
    assertThat(MongoTelemetry.names(List.of("127.0.0.1:28001", "localhost:28002",
        "db3.example.net:28001", "127.0.0.1:29999", "172.17.0.1:24543"), state))
        .containsExactly(java.util.Map.entry("127.0.0.1:28001", "rs0-0"),
            java.util.Map.entry("localhost:28002", "rs0-1"),
            java.util.Map.entry("db3.example.net:28001", "db3.example.net:28001"),
            java.util.Map.entry("127.0.0.1:29999", "127.0.0.1:29999"),
            java.util.Map.entry("172.17.0.1:24543", "rs1-0"));
  }

  @Test
  void aDirectConnectionWatchesTheHostItNamesNotTheNameTheMemberGivesItself() {
    // a container's member says it is rs0-0:27017, a name only its network resolves; nothing
    // is asked of the server for a direct connection, so no server needs to run here
    assertThat(MongoTelemetry.discover(new com.mongodb.ConnectionString(
        "mongodb://127.0.0.1:26465/?directConnection=true"))).containsExactly("127.0.0.1:26465");
  }
}
