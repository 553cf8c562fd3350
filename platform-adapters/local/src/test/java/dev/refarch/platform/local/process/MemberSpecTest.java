package dev.refarch.platform.local.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemberSpecTest {

  private final Path dir = Path.of("/tmp/ycsb-local-1/rs0-1");

  @Test
  void mongodListensOnLoopbackWithAbsolutePathsAndItsOptionsLast() {
    MemberSpec spec = new MemberSpec("rs0-1", Role.DATA, "rs0", 27018, dir,
        Path.of("/opt/mongod"), List.of("--replSet", "rs0", "--wiredTigerCacheSizeGB", "0.25"));

    assertThat(spec.command()).containsExactly("/opt/mongod",
        "--bind_ip", "127.0.0.1", "--port", "27018",
        "--logpath", "/tmp/ycsb-local-1/rs0-1/mongod.log", "--logappend",
        "--pidfilepath", "/tmp/ycsb-local-1/rs0-1/mongod.pid",
        "--nounixsocket",
        "--dbpath", "/tmp/ycsb-local-1/rs0-1/data",
        "--replSet", "rs0", "--wiredTigerCacheSizeGB", "0.25");
    assertThat(spec.hostAndPort()).isEqualTo("127.0.0.1:27018");
  }

  @Test
  void relativeDirectoriesBecomeAbsolute() {
    MemberSpec spec = new MemberSpec("standalone", Role.STANDALONE, "standalone", 27017,
        Path.of("relative"), Path.of("mongod"), List.of());

    assertThat(spec.logPath()).isAbsolute();
    assertThat(spec.pidPath()).isAbsolute();
    assertThat(spec.binary()).isAbsolute();
  }

  @Test
  void routersHaveNoDbpath() {
    MemberSpec spec = new MemberSpec("mongos-0", Role.ROUTER, null, 27017,
        Path.of("/tmp/c/mongos-0"), Path.of("/opt/mongos"), List.of("--configdb", "config/h:1"));

    assertThat(spec.command()).doesNotContain("--dbpath")
        .contains("--logpath", "/tmp/c/mongos-0/mongos.log")
        .endsWith("--configdb", "config/h:1");
  }

  @Test
  void rejectsAnImpossiblePort() {
    assertThatThrownBy(() -> new MemberSpec("x", Role.DATA, "rs0", 70_000, dir,
        Path.of("/opt/mongod"), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("port 70000");
  }
}
