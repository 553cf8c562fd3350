package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.local.binary.MongoBinaries;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provisioner's checks that happen before any process starts. */
class LocalProvisionerTest {

  @TempDir
  Path home;

  /** Binaries with an empty environment whose installer must never run. */
  private LocalProvisioner withoutBinaries() {
    return new LocalProvisioner(new MongoBinaries(name -> null, home, target -> {
      throw new AssertionError("nothing should be installed");
    }));
  }

  @Test
  void isFoundByNameThroughTheServiceLoader() {
    assertThat(Extensions.provisioner("local")).isInstanceOf(LocalProvisioner.class);
    assertThat(Extensions.provisioners()).containsKey("local");
  }

  @Test
  void shardedIsUnavailableWithoutMongosAndSaysWhy() {
    LocalProvisioner p = new LocalProvisioner(new MongoBinaries(
        name -> name.equals("MONGOD_BIN") ? "/bin/sh" : null, home, target -> {
          throw new AssertionError("nothing should be installed");
        }));

    assertThat(p.unavailableReason(Topology.parse("rs=3"))).isNull();
    assertThat(p.unavailableReason(Topology.parse("sharded:1x1")))
        .startsWith("no mongos binary: set MONGOS_BIN or MONGODB_HOME; no package registry ships"
            + " one");
    assertThatThrownBy(() -> p.start(Topology.parse("sharded:1x1"), Map.of()))
        .isInstanceOf(PlatformException.class)
        .hasMessageStartingWith("start local sharded:1x1: no mongos binary");
  }

  @Test
  void noMongodAndNoPythonIsUnavailable() {
    assertThat(withoutBinaries().unavailableReason(Topology.standalone()))
        .contains("no mongod binary").contains("no python3 on PATH");
  }

  @Test
  void aBadMongodBinIsReportedAsTheReason() {
    LocalProvisioner p = new LocalProvisioner(new MongoBinaries(
        name -> name.equals("MONGOD_BIN") ? "/no/such/mongod" : null, home, target -> {
        }));

    assertThat(p.unavailableReason(Topology.standalone()))
        .startsWith("MONGOD_BIN='/no/such/mongod' is not allowed");
  }

  @Test
  void unknownLocalSettingsAreRejectedBeforeAnythingStarts() {
    assertThatThrownBy(() -> withoutBinaries().start(Topology.standalone(),
        Map.of("local.keepdata", "true")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("did you mean 'local.keepData'?");
  }

  @Test
  void describesItself() {
    LocalProvisioner p = withoutBinaries();

    assertThat(p.name()).isEqualTo("local");
    assertThat(p.description()).contains("127.0.0.1");
  }
}
