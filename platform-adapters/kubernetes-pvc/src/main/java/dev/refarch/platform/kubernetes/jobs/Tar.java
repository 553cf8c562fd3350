package dev.refarch.platform.kubernetes.jobs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The part of the tar format that pods' {@code tar -czf} archives use: regular files and
 * directories in ustar headers, GNU long names ({@code L}) and pax paths ({@code x}). Written by
 * hand because the JDK has gzip but no tar, and one dependency for 100 lines is not worth it.
 *
 * <p>Stateless and thread-safe.
 */
final class Tar {

  private static final int BLOCK = 512;

  private Tar() {
  }

  /**
   * Unpacks {@code in} under {@code into}; entries that would land outside it are refused.
   *
   * @return the files written, relative to {@code into}
   */
  static List<Path> read(InputStream in, Path into) throws IOException {
    List<Path> written = new ArrayList<>();
    Path root = into.toAbsolutePath().normalize();
    String longName = null;
    byte[] header = new byte[BLOCK];
    while (readFully(in, header) && !allZero(header)) {
      long size = parseOctal(header, 124, 12);
      char type = (char) header[156];
      byte[] body = in.readNBytes((int) size);
      if (body.length < size) {
        throw new IOException("archive ends inside '" + name(header) + "' (" + body.length
            + " of " + size + " bytes)");
      }
      in.skipNBytes((BLOCK - size % BLOCK) % BLOCK);
      if (type == 'L') {
        longName = trimNul(new String(body, StandardCharsets.UTF_8));
        continue;
      }
      if (type == 'x') {
        longName = paxPath(new String(body, StandardCharsets.UTF_8));
        continue;
      }
      String name = longName != null ? longName : name(header);
      longName = null;
      if (type != '0' && type != '\0' && type != '5') {
        continue; // links and devices never occur in a measurement folder
      }
      Path target = root.resolve(name).normalize();
      if (!target.startsWith(root) || Path.of(name).isAbsolute()) {
        throw new IOException("archive entry '" + name + "' would be written outside " + root);
      }
      if (type == '5' || name.endsWith("/")) {
        Files.createDirectories(target);
      } else {
        Files.createDirectories(target.getParent());
        Files.write(target, body);
        written.add(root.relativize(target));
      }
    }
    return written;
  }

  /** Packs the files under {@code dir} (names relative to it, prefixed {@code ./}). */
  static void write(Path dir, OutputStream out) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    for (Path f : files) {
      String name = "./" + dir.relativize(f).toString().replace('\\', '/');
      byte[] body = Files.readAllBytes(f);
      out.write(header(name, body.length));
      out.write(body);
      out.write(new byte[(BLOCK - body.length % BLOCK) % BLOCK]);
    }
    out.write(new byte[2 * BLOCK]);
  }

  private static byte[] header(String name, long size) throws IOException {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    if (n.length > 100) {
      throw new IOException("name longer than 100 bytes: " + name);
    }
    byte[] h = new byte[BLOCK];
    System.arraycopy(n, 0, h, 0, n.length);
    octal(h, 100, 8, 0644);
    octal(h, 108, 8, 0);
    octal(h, 116, 8, 0);
    octal(h, 124, 12, size);
    octal(h, 136, 12, 0);
    h[156] = '0';
    System.arraycopy("ustar\u000000".getBytes(StandardCharsets.US_ASCII), 0, h, 257, 8);
    for (int i = 148; i < 156; i++) {
      h[i] = ' ';
    }
    long sum = 0;
    for (byte b : h) {
      sum += b & 0xff;
    }
    octal(h, 148, 7, sum);
    return h;
  }

  private static void octal(byte[] h, int offset, int length, long value) {
    String s = String.format("%0" + (length - 1) + "o", value);
    System.arraycopy(s.getBytes(StandardCharsets.US_ASCII), 0, h, offset, length - 1);
  }

  private static String name(byte[] h) {
    String name = field(h, 0, 100);
    String prefix = field(h, 345, 155);
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  private static String paxPath(String records) {
    for (String record : records.split("\n")) {
      int space = record.indexOf(' ');
      if (space > 0 && record.startsWith("path=", space + 1)) {
        return record.substring(space + 6);
      }
    }
    return null;
  }

  private static String field(byte[] h, int offset, int length) {
    return trimNul(new String(h, offset, length, StandardCharsets.UTF_8));
  }

  private static String trimNul(String s) {
    int nul = s.indexOf('\0');
    return nul < 0 ? s : s.substring(0, nul);
  }

  private static long parseOctal(byte[] h, int offset, int length) throws IOException {
    String s = field(h, offset, length).trim();
    try {
      return s.isEmpty() ? 0 : Long.parseLong(s, 8);
    } catch (NumberFormatException e) {
      throw new IOException("not a tar header (size field '" + s + "')");
    }
  }

  private static boolean readFully(InputStream in, byte[] block) throws IOException {
    int n = in.readNBytes(block, 0, block.length);
    if (n == 0) {
      return false;
    }
    if (n < block.length) {
      throw new IOException("archive ends inside a header (" + n + " of 512 bytes)");
    }
    return true;
  }

  private static boolean allZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  /** For tests and {@link OutputArchive#encode}: the bytes of {@link #write}. */
  static byte[] bytes(Path dir) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(dir, out);
    return out.toByteArray();
  }
}
