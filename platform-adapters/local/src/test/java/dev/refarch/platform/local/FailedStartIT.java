package dev.refarch.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starts that fail: the error shows the failed member's log tail and nothing is left running. */
class FailedStartIT {

  private final LocalProvisioner provisioner = new LocalProvisioner();

  @Test
  void aMongodThatAbortsReportsItsLogTailAndKeepsItsLog(@TempDir Path parent) {
    PlatformException e = catchThrowableOfType(PlatformException.class, () ->
        provisioner.start(Topology.parse("rs=1"), Map.of("local.workDir", parent.toString(),
            "local.extraArgs", "--wiredTigerEngineConfigString bogus=1")));

    System.out.println(e.getMessage());
    assertThat(e.getMessage())
        .startsWith("start local rs=1: start mongod rs0-0: exited with code 14")
        .containsPattern("--- last \\d+ lines of /\\S+/rs0-0/mongod.log ---")
        .contains("wiredtiger_open")
        .contains("Fatal assertion");
    Path kept = keptLogDirectory(e.getMessage());
    assertThat(kept.resolve("mongod.log")).isNotEmptyFile();
    assertThat(kept.resolve("data")).doesNotExist();
    assertThat(Clusters.processesUsing(parent)).isEmpty();
  }

  @Test
  void anUnknownOptionReportsMongodsConsoleOutput(@TempDir Path parent) {
    PlatformException e = catchThrowableOfType(PlatformException.class, () ->
        provisioner.start(Topology.standalone(), Map.of("local.workDir", parent.toString(),
            "local.extraArgs", "--noSuchOption")));

    assertThat(e.getMessage())
        .contains("exited with code 2 before accepting connections")
        .contains("console.out ---")
        .contains("unrecognised option '--noSuchOption'");
    assertThat(Clusters.processesUsing(parent)).isEmpty();
  }

  @Test
  void aTimeoutStopsTheMembersThatDidStart(@TempDir Path parent) {
    PlatformException e = catchThrowableOfType(PlatformException.class, () ->
        provisioner.start(Topology.parse("pss"), Map.of("local.workDir", parent.toString(),
            "local.startTimeoutSeconds", "1")));

    System.out.println(e.getMessage());
    assertThat(e.getMessage()).contains("timed out after 1 s waiting for");
    assertThat(Clusters.processesUsing(parent)).isEmpty();
  }

  private static Path keptLogDirectory(String message) {
    Matcher m = Pattern.compile("logs of \\S+ kept in (\\S+)").matcher(message);
    assertThat(m.find()).as("names where the logs are kept: %s", message).isTrue();
    Path dir = Path.of(m.group(1));
    assertThat(Files.isDirectory(dir)).isTrue();
    return dir;
  }
}
