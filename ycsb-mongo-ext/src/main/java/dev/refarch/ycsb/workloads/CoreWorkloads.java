package dev.refarch.ycsb.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * YCSB's core workloads A–F as property sets, with the proportions and distributions YCSB
 * documents for them and small default record and operation counts.
 *
 * <p>Stateless and thread-safe. {@link #write} puts them where {@code -P} can read them.
 */
public final class CoreWorkloads {

  /** The workload letters, in order. */
  public static final List<String> NAMES = List.of("a", "b", "c", "d", "e", "f");

  private CoreWorkloads() {
  }

  /**
   * The properties of workload {@code name} ({@code a}…{@code f}, any case).
   *
   * @throws IllegalArgumentException naming the allowed letters
   */
  public static Properties properties(String name) {
    String letter = name.toLowerCase(Locale.ROOT).replace("workload", "");
    if (!NAMES.contains(letter)) {
      throw new IllegalArgumentException("workload '" + name + "' is not a core workload;"
          + " allowed: " + String.join(", ", NAMES));
    }
    Properties p = new Properties();
    try (InputStream in = CoreWorkloads.class.getResourceAsStream("workload" + letter)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** Writes {@code workloada} … {@code workloadf} into {@code directory} and returns it. */
  public static Path write(Path directory) {
    try {
      Files.createDirectories(directory);
      for (String letter : NAMES) {
        try (InputStream in = CoreWorkloads.class.getResourceAsStream("workload" + letter)) {
          Files.copy(in, directory.resolve("workload" + letter),
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
