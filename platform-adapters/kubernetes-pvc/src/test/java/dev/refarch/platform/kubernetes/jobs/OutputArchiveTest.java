package dev.refarch.platform.kubernetes.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pods hand back their output folder through their log; nothing may be lost or invented. */
class OutputArchiveTest {

  /** A folder like a client's: text files and a binary one of 200 KB. */
  private static Path folder(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("measurements"));
    Files.writeString(dir.resolve("stdout.txt"), "[OVERALL], Throughput(ops/sec), 1234.5\n");
    Files.writeString(dir.resolve("exit-code.txt"), "0\n");
    byte[] random = new byte[200_000];
    new Random(7).nextBytes(random);
    Files.write(dir.resolve("measurements/latency.hlog"), random);
    return dir;
  }

  private static void assertSameFiles(Path expected, Path actual) throws IOException {
    for (String f : List.of("stdout.txt", "exit-code.txt", "measurements/latency.hlog")) {
      assertThat(Files.readAllBytes(actual.resolve(f))).as(f)
          .isEqualTo(Files.readAllBytes(expected.resolve(f)));
    }
  }

  @Test
  void roundTripsAFolderThroughALog(@TempDir Path tmp) throws IOException {
    Path source = folder(tmp.resolve("pod"));
    String log = "some line the image printed\n" + OutputArchive.encode(source);
    List<Path> files = OutputArchive.extract(log, tmp.resolve("back"));
    assertThat(files).hasSize(3);
    assertSameFiles(source, tmp.resolve("back"));
  }

  /** The format pods really produce: the wrapper's tar | base64, run by this machine's sh. */
  @Test
  void readsWhatTheWrapperScriptPrints(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh, tar and base64");
    Path source = folder(tmp.resolve("expected"));
    Path out = tmp.resolve("out");
    // the wrapper with its folder moved to a temporary one; the command writes what a client would
    String script = OutputArchive.wrapper().replace(OutputArchive.OUT, out.toString());
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", script);
    pb.environment().put("REFARCH_COMMAND", "mkdir -p " + out + "/measurements && cp "
        + source.resolve("measurements/latency.hlog") + " " + out + "/measurements/ && echo"
        + " '[OVERALL], Throughput(ops/sec), 1234.5' && exit 3");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    p.getInputStream().transferTo(log);
    assertThat(p.waitFor()).as("the wrapper exits with the command's code").isEqualTo(3);

    Path back = tmp.resolve("back");
    OutputArchive.extract(log.toString(StandardCharsets.US_ASCII), back);
    Files.writeString(source.resolve("exit-code.txt"), "3\n");
    assertSameFiles(source, back);
    assertThat(back.resolve("stderr.txt")).isEmptyFile();
  }

  @Test
  void aLogWithoutTheArchiveSaysWhy(@TempDir Path tmp) {
    assertThatThrownBy(() -> OutputArchive.extract("Error: could not find or load main class\n",
        tmp)).isInstanceOf(IOException.class).hasMessageContaining("holds no output archive");
  }

  @Test
  void aCutOffArchiveSaysTheLogWasRotated(@TempDir Path tmp) throws IOException {
    String log = OutputArchive.encode(folder(tmp.resolve("pod")));
    String cut = log.substring(0, log.length() / 2);
    assertThatThrownBy(() -> OutputArchive.extract(cut, tmp.resolve("back")))
        .isInstanceOf(IOException.class).hasMessageContaining("cut off")
        .hasMessageContaining("containerLogMaxSize");
  }

  @Test
  void refusesEntriesOutsideTheTarget(@TempDir Path tmp) throws IOException {
    Path evil = tmp.resolve("evil");
    Files.createDirectories(evil);
    Files.writeString(evil.resolve("x"), "x");
    byte[] tar = Tar.bytes(evil);
    // rename ./x to ../x in the header, fixing the checksum the way tar computes it
    byte[] name = "../x".getBytes(StandardCharsets.US_ASCII);
    java.util.Arrays.fill(tar, 0, 100, (byte) 0);
    System.arraycopy(name, 0, tar, 0, name.length);
    java.util.Arrays.fill(tar, 148, 156, (byte) ' ');
    long sum = 0;
    for (int i = 0; i < 512; i++) {
      sum += tar[i] & 0xff;
    }
    System.arraycopy(String.format("%06o\0", sum).getBytes(StandardCharsets.US_ASCII), 0, tar,
        148, 7);
    assertThatThrownBy(() -> Tar.read(new java.io.ByteArrayInputStream(tar), tmp.resolve("t")))
        .isInstanceOf(IOException.class).hasMessageContaining("outside");
  }
}
