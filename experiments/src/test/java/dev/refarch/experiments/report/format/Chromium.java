package dev.refarch.experiments.report.format;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Headless Chromium for tests: finds the binary, loads a local page with no network and a fresh
 * profile, and returns what it printed. Every run gets its own user-data folder.
 */
final class Chromium {

  /** Binaries tried in order on the {@code PATH}; {@code CHROMIUM_BIN} overrides. */
  static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome",
      "google-chrome-stable", "chrome", "headless_shell");
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  private final Path binary;

  private Chromium(Path binary) {
    this.binary = binary;
  }

  /** The first Chromium found, if any. */
  static Optional<Chromium> find() {
    String override = System.getenv("CHROMIUM_BIN");
    if (override != null && Files.isExecutable(Path.of(override))) {
      return Optional.of(new Chromium(Path.of(override)));
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : NAMES) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(new Chromium(candidate));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * What one run printed.
   *
   * @param stdout e.g. the DOM with {@code --dump-dom}
   * @param stderr Chromium's log; with {@code --enable-logging=stderr} it has the page's console
   */
  record Output(String stdout, String stderr) {

    /** Log lines of the page's console and of uncaught script errors. */
    List<String> consoleLines() {
      return stderr.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")).toList();
    }
  }

  /** Runs headless Chromium on {@code page} with {@code extra} flags. */
  Output run(Path page, Path profile, String... extra) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
        "--enable-logging=stderr", "--v=0"));
    command.addAll(List.of(extra));
    command.add(page.toUri().toString());
    Path out = Files.createTempFile(profile.getParent(), "chromium", ".out");
    Path err = Files.createTempFile(profile.getParent(), "chromium", ".err");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
        .start();
    if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new IllegalStateException("chromium did not finish " + page + " within " + TIMEOUT
          + ": " + Files.readString(err, StandardCharsets.UTF_8));
    }
    return new Output(Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return binary.toString();
  }
}
