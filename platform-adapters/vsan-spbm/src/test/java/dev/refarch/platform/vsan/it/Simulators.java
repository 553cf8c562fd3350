package dev.refarch.platform.vsan.it;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Builds (once, into {@code ~/.cache/ycsb-mongo-refarch/vcsim/}) and starts the two vCenter
 * simulators the integration tests use: stock vcsim pinned at {@value #STOCK} and vcsim-plus, our
 * wrapper over govmomi's simulator {@value #PLUS_GOVMOMI} in {@code src/test/go/vcsim-plus}, keyed
 * by a hash of its sources so an edit rebuilds it. Without Go the calling test is skipped with the
 * reason. Builds run with one Go worker, because other modules build on the same two cores.
 *
 * <p>Thread-safe: builds are serialised; each {@link #start} returns its own process.
 */
final class Simulators {

  static final String STOCK = "v0.46.3";
  static final String PLUS_GOVMOMI = "v0.56.0";
  private static final Pattern URL_LINE = Pattern.compile("export GOVC_URL=(\\S+)");
  private static final Path PLUS_SOURCES = Path.of(System.getProperty("basedir", "."))
      .resolve("src/test/go/vcsim-plus");

  /** A started simulator; closing stops it. */
  record Running(Process process, URI url, Path log) implements AutoCloseable {

    /** {@code https://127.0.0.1:<port>/sdk}, without the user info vcsim prints. */
    String sdk() {
      return url.toString();
    }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private Simulators() {
  }

  /** Stock vcsim, built with {@code go install ...vcsim@v0.46.3} on first use. */
  static synchronized Path stock() {
    Path binary = cache().resolve(STOCK).resolve("vcsim");
    if (!Files.isExecutable(binary)) {
      Path staging = tempDir(binary.getParent());
      run(List.of(go(), "install", "-p", "1", "github.com/vmware/govmomi/vcsim@" + STOCK),
          Path.of("."), List.of("GOBIN=" + staging), binary.getParent().resolve("build.log"));
      move(staging.resolve("vcsim"), binary);
    }
    return binary;
  }

  /** vcsim-plus, built from {@code src/test/go/vcsim-plus} when its sources changed. */
  static synchronized Path plus() {
    Path binary = cache().resolve("plus-" + PLUS_GOVMOMI + "-" + sourceHash()).resolve("vcsim-plus");
    if (!Files.isExecutable(binary)) {
      Path staging = tempDir(binary.getParent());
      run(List.of(go(), "build", "-p", "1", "-mod=readonly", "-o",
          staging.resolve("vcsim-plus").toString(), "."), PLUS_SOURCES, List.of(),
          binary.getParent().resolve("build.log"));
      move(staging.resolve("vcsim-plus"), binary);
      pruneOtherPlusBuilds(binary.getParent());
    }
    return binary;
  }

  // Each source edit gets its own cache directory; older ones are dead weight.
  private static void pruneOtherPlusBuilds(Path current) {
    try (Stream<Path> dirs = Files.list(current.getParent())) {
      for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("plus-")
          && !d.equals(current)).toList()) {
        try (Stream<Path> files = Files.walk(dir)) {
          for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(f);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts {@code binary} on a free port of 127.0.0.1 and waits for its URL. */
  static Running start(Path binary, String... args) {
    List<String> command = new ArrayList<>(List.of(binary.toString(), "-l", "127.0.0.1:0"));
    command.addAll(List.of(args));
    try {
      Path log = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")),
          binary.getFileName() + "-", ".log");
      Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
      CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> firstUrl(process));
      try {
        URI printed = URI.create(url.get(60, TimeUnit.SECONDS));
        URI sdk = new URI(printed.getScheme(), null, printed.getHost(), printed.getPort(),
            printed.getPath(), null, null);
        return new Running(process, sdk, log);
      } catch (Exception e) {
        process.destroyForcibly();
        throw new IllegalStateException(binary + " printed no URL within 60 s; see " + log, e);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String firstUrl(Process process) {
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        Matcher m = URL_LINE.matcher(line);
        if (m.find()) {
          return m.group(1);
        }
      }
      throw new IllegalStateException("exited with " + process.waitFor());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The {@code go} command, or the calling test is skipped saying why. */
  static String go() {
    Optional<Path> found = Stream.concat(
            Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, "go")),
            Stream.of(Path.of(System.getenv().getOrDefault("GOROOT", "/usr/local/go"), "bin", "go")))
        .filter(Files::isExecutable).findFirst();
    Assumptions.assumeTrue(found.isPresent(), "Go is not installed (no 'go' on PATH or in"
        + " $GOROOT/bin): the vCenter simulator cannot be built, so vcsim tests are skipped");
    return found.get().toString();
  }

  private static Path cache() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg)
        : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("ycsb-mongo-refarch").resolve("vcsim");
  }

  private static void run(List<String> command, Path dir, List<String> extraEnv, Path log) {
    try {
      Files.createDirectories(log.getParent());
      ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
          .redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().put("GOMAXPROCS", "1");
      builder.environment().put("GOFLAGS", "-buildvcs=false");
      extraEnv.forEach(kv -> builder.environment().put(kv.substring(0, kv.indexOf('=')),
          kv.substring(kv.indexOf('=') + 1)));
      Process process = builder.start();
      if (!process.waitFor(20, TimeUnit.MINUTES) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " failed; log " + log + ":\n"
            + tail(log));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }

  private static Path tempDir(Path parent) {
    try {
      Files.createDirectories(parent);
      return Files.createTempDirectory(parent, "build-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void move(Path built, Path binary) {
    try {
      Files.move(built, binary, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      Files.deleteIfExists(built.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sourceHash() {
    try (Stream<Path> files = Files.list(PLUS_SOURCES)) {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Path file : files.filter(f -> f.toString().endsWith(".go") || f.endsWith("go.mod")
          || f.endsWith("go.sum")).sorted().toList()) {
        sha.update(file.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        sha.update(Files.readAllBytes(file));
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
