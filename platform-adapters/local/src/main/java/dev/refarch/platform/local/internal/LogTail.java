package dev.refarch.platform.local.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the last lines of a log file for an error message, so that a failed start says why
 * without sending the operator to the disk.
 *
 * <p>Stateless and thread-safe. Reads at most the last {@value #MAX_BYTES} bytes, so a huge log
 * costs no more than a small one.
 *
 * <pre>{@code
 * throw new PlatformException("start mongod rs0-1", "exited with code 14" + LogTail.format(log, 20));
 * }</pre>
 */
public final class LogTail {

  /** Lines shown in error messages. */
  public static final int DEFAULT_LINES = 20;
  static final int MAX_BYTES = 64 * 1024;
  static final int MAX_LINE_CHARS = 1000;

  private LogTail() {
  }

  /**
   * The last {@code lines} lines of {@code file} (each cut to {@value #MAX_LINE_CHARS} chars),
   * empty when the file does not exist.
   *
   * @throws IOException when the file exists but cannot be read
   */
  public static List<String> lastLines(Path file, int lines) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      long size = channel.size();
      int length = (int) Math.min(size, MAX_BYTES);
      ByteBuffer buffer = ByteBuffer.allocate(length);
      channel.position(size - length);
      while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
        // keep reading: a channel may return fewer bytes than asked
      }
      String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
      List<String> all = new ArrayList<>(Arrays.asList(text.split("\r?\n", -1)));
      if (size > length && !all.isEmpty()) {
        all.remove(0); // starts mid-line
      }
      while (!all.isEmpty() && all.get(all.size() - 1).isEmpty()) {
        all.remove(all.size() - 1);
      }
      return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
          .map(LogTail::cut).toList();
    }
  }

  /**
   * The tail of {@code file} as a block to append to a message, starting with a header line
   * naming the file; empty when the file is missing or empty. A read error is reported in the
   * block instead of the lines, since the message being built is more important.
   */
  public static String format(Path file, int lines) {
    List<String> tail;
    try {
      tail = lastLines(file, lines);
    } catch (IOException e) {
      return "\n--- could not read " + file + ": " + e + " ---";
    }
    if (tail.isEmpty()) {
      return "";
    }
    return "\n--- last " + tail.size() + (tail.size() == 1 ? " line" : " lines") + " of " + file
        + " ---\n" + String.join("\n", tail);
  }

  private static String cut(String line) {
    return line.length() <= MAX_LINE_CHARS ? line : line.substring(0, MAX_LINE_CHARS) + "…";
  }
}
