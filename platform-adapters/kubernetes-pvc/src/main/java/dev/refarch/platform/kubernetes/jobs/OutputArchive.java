package dev.refarch.platform.kubernetes.jobs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * How a pod hands back its output folder: through its log. The pod's command runs with its
 * standard output and error going to files in {@value #OUT}; when it ends, the pod writes its exit
 * code there too and prints the whole folder as a gzip'd tar, base64-encoded, between two marker
 * lines:
 *
 * <pre>
 * @@refarch-output-begin@@
 * H4sIAAAAAAAAA+3OMQ6CQBCF4a1...
 * @@refarch-output-end@@
 * </pre>
 *
 * <p>The runner reads the pod's log once the pod has ended — no exec, no copy, no shared volume,
 * and the log outlives the container. Only {@code sh}, {@code tar} and {@code base64} are needed
 * in the image. The log must hold the archive whole: kubelet rotates container logs at
 * {@code containerLogMaxSize} (10 MiB by default), so an archive larger than that (an HDR log of
 * many hours at 1 s intervals) is cut; {@link #extract} then says so.
 *
 * <p>Stateless and thread-safe.
 */
public final class OutputArchive {

  /** The folder in the pod whose contents come back; an emptyDir. */
  public static final String OUT = "/refarch/out";
  static final String BEGIN = "@@refarch-output-begin@@";
  static final String END = "@@refarch-output-end@@";
  /** The environment variable holding the command the wrapper runs. */
  static final String COMMAND_ENV = "REFARCH_COMMAND";

  private OutputArchive() {
  }

  /**
   * The container's shell script: runs {@code $REFARCH_COMMAND} with its output in
   * {@value #OUT}/stdout.txt and stderr.txt, writes exit-code.txt, prints the archive, and exits
   * with the command's code.
   */
  public static String wrapper() {
    return String.join("\n",
        "out=" + OUT,
        "mkdir -p \"$out\"",
        "sh -c \"$" + COMMAND_ENV + "\" > \"$out/stdout.txt\" 2> \"$out/stderr.txt\"",
        "code=$?",
        "echo \"$code\" > \"$out/exit-code.txt\"",
        "echo '" + BEGIN + "'",
        "tar -C \"$out\" -czf - . | base64",
        "echo '" + END + "'",
        "exit \"$code\"");
  }

  /**
   * Unpacks the archive in a pod's log under {@code into}.
   *
   * @return the files written, relative to {@code into}
   * @throws IOException when the log holds no complete archive, saying whether it was missing or
   *     cut off
   */
  public static List<Path> extract(String log, Path into) throws IOException {
    int begin = log.lastIndexOf(BEGIN);
    if (begin < 0) {
      throw new IOException("the pod log holds no output archive (no '" + BEGIN + "' line):"
          + " the pod did not reach the end of its command, or its log was rotated away");
    }
    int end = log.indexOf(END, begin);
    if (end < 0) {
      throw new IOException("the pod log's output archive is cut off (no '" + END + "' line):"
          + " the log was rotated (kubelet containerLogMaxSize) or the pod was killed while"
          + " printing it");
    }
    String base64 = log.substring(begin + BEGIN.length(), end);
    byte[] gzipped;
    try {
      gzipped = Base64.getMimeDecoder().decode(base64.getBytes(StandardCharsets.US_ASCII));
    } catch (IllegalArgumentException e) {
      throw new IOException("the pod log's output archive is not valid base64: " + e.getMessage());
    }
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
      return Tar.read(in, into);
    }
  }

  /**
   * The log a pod would print for {@code dir}: the archive between the markers. For tests that
   * play the pod, and to check the format without a cluster.
   */
  public static String encode(Path dir) {
    try {
      ByteArrayOutputStream gz = new ByteArrayOutputStream();
      try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
        out.write(Tar.bytes(dir));
      }
      return BEGIN + "\n" + Base64.getMimeEncoder().encodeToString(gz.toByteArray()) + "\n"
          + END + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
