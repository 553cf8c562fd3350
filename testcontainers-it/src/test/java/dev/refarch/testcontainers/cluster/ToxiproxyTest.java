package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the client proxy's server comes from, and what is said when it cannot be had. */
class ToxiproxyTest {

  @TempDir
  Path dir;

  @Test
  void aNamedBinaryMustBeAnExecutableFile() {
    String missing = dir.resolve("toxiproxy-server").toString();
    assertThat(Toxiproxy.unavailableReason(Map.of(Toxiproxy.BINARY_ENV, missing)::get))
        .isEqualTo("$REFARCH_TOXIPROXY_BIN=" + missing + " is not an executable file");
  }

  @Test
  void withoutABinaryOrGoItSaysHowToGetOne() {
    Map<String, String> env = Map.of("XDG_CACHE_HOME", dir.toString(), "PATH",
        dir.resolve("bin").toString());
    assertThat(Toxiproxy.unavailableReason(env::get)).isEqualTo("the client proxy needs"
        + " Toxiproxy v2.12.0: set $REFARCH_TOXIPROXY_BIN to its server binary, or put Go on the"
        + " PATH to build it (go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0)");
  }

  @Test
  void goOnThePathOrABuiltBinaryInTheCacheIsEnough() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path go = Files.createFile(bin.resolve("go"));
    go.toFile().setExecutable(true);
    assertThat(Toxiproxy.unavailableReason(Map.of("XDG_CACHE_HOME", dir.toString(), "PATH",
        bin.toString())::get)).isNull();

    Path cached = dir.resolve("ycsb-mongo-refarch/toxiproxy/v2.12.0/toxiproxy-server");
    Files.createDirectories(cached.getParent());
    Files.createFile(cached).toFile().setExecutable(true);
    assertThat(Toxiproxy.unavailableReason(Map.of("XDG_CACHE_HOME", dir.toString())::get))
        .isNull();
  }
}
