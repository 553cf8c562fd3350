package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.local.process.FreePorts;
import dev.refarch.platform.spi.PlatformException;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * A Toxiproxy server of this JVM's own — Shopify's network-fault proxy, the tool the issue names
 * for added latency and bandwidth caps, since the kernel here has no {@code netem} — listening on
 * 127.0.0.1 only, its HTTP API driven with {@code toxiproxy-java}.
 *
 * <p>The binary: {@value #BINARY_ENV} when set, else built once with {@code go install} of
 * {@value #MODULE} at {@value #VERSION} into {@code ${XDG_CACHE_HOME:-~/.cache}/ycsb-mongo-refarch/
 * toxiproxy/<version>/} (about 20 s and 20 MB of modules the first time, one Go worker).
 *
 * <p>Thread-safe; {@link #close()} stops the process and is idempotent.
 */
final class Toxiproxy implements AutoCloseable {

  static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server";
  static final String VERSION = "v2.12.0";
  static final String BINARY_ENV = "REFARCH_TOXIPROXY_BIN";
  private static final long START_SECONDS = 20;
  private static final long BUILD_MINUTES = 10;

  private final Process process;
  private final ToxiproxyClient api;
  private final int port;
  private final Path log;

  private Toxiproxy(Process process, ToxiproxyClient api, int port, Path log) {
    this.process = process;
    this.api = api;
    this.port = port;
    this.log = log;
  }

  /** Why no server can be had here, or {@code null}: neither the binary nor Go to build it. */
  static String unavailableReason() {
    return unavailableReason(System::getenv);
  }

  static String unavailableReason(UnaryOperator<String> env) {
    String named = env.apply(BINARY_ENV);
    if (named != null && !named.isBlank()) {
      return Files.isExecutable(Path.of(named)) ? null : "$" + BINARY_ENV + "=" + named
          + " is not an executable file";
    }
    if (Files.isExecutable(cached(env)) || go(env) != null) {
      return null;
    }
    return "the client proxy needs Toxiproxy " + VERSION + ": set $" + BINARY_ENV + " to its"
        + " server binary, or put Go on the PATH to build it (go install " + MODULE + "@"
        + VERSION + ")";
  }

  /**
   * Starts a server on a free port of 127.0.0.1 and waits until its API answers.
   *
   * @throws PlatformException when the binary cannot be had or the server does not answer
   */
  static Toxiproxy start() {
    Path binary = binary(System::getenv);
    int port = FreePorts.allocate(1).get(0);
    try {
      Path log = Files.createTempFile("toxiproxy-", ".log");
      ProcessBuilder pb = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port",
          String.valueOf(port)).redirectErrorStream(true).redirectOutput(log.toFile());
      pb.environment().put("LOG_LEVEL", "warn"); // its default logs every connection's links
      Process process = pb.start();
      ToxiproxyClient api = new ToxiproxyClient("127.0.0.1", port);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
      while (true) {
        try {
          api.version();
          return new Toxiproxy(process, api, port, log);
        } catch (IOException notYet) {
          if (!process.isAlive() || System.nanoTime() > deadline) {
            process.destroyForcibly();
            throw new PlatformException("start Toxiproxy " + binary + " on 127.0.0.1:" + port,
                (process.isAlive() ? "its API did not answer in " + START_SECONDS + " s"
                    : "it exited") + "; log: " + tail(log));
          }
          Thread.sleep(100);
        }
      }
    } catch (IOException e) {
      throw new PlatformException("start Toxiproxy " + binary, e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("start Toxiproxy " + binary, "interrupted", e);
    }
  }

  /** The server's API. */
  ToxiproxyClient api() {
    return api;
  }

  /** Where its API listens, e.g. {@code 127.0.0.1:41234}. */
  String address() {
    return "127.0.0.1:" + port;
  }

  /**
   * The CPU time the server's process used so far, as the kernel counts it (user and system),
   * or empty where the platform does not say.
   */
  java.util.Optional<java.time.Duration> cpuTime() {
    return process.info().totalCpuDuration();
  }

  /** Whether the process still runs. */
  boolean isAlive() {
    return process.isAlive();
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      Files.deleteIfExists(log);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // a temporary log left behind is harmless
    }
  }

  /** The server binary: named, cached, or built now into the cache. */
  private static synchronized Path binary(UnaryOperator<String> env) {
    String named = env.apply(BINARY_ENV);
    if (named != null && !named.isBlank()) {
      return Path.of(named);
    }
    Path binary = cached(env);
    if (Files.isExecutable(binary)) {
      return binary;
    }
    String go = go(env);
    if (go == null) {
      throw new PlatformException("build Toxiproxy", unavailableReason(env));
    }
    try {
      Files.createDirectories(binary.getParent());
      Path staging = Files.createTempDirectory(binary.getParent(), "staging-");
      Path log = binary.getParent().resolve("build.log");
      ProcessBuilder pb = new ProcessBuilder(go, "install", "-p", "1", MODULE + "@" + VERSION)
          .redirectErrorStream(true).redirectOutput(log.toFile());
      pb.environment().put("GOBIN", staging.toString());
      Process build = pb.start();
      if (!build.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
        build.destroyForcibly();
        throw new PlatformException("go install " + MODULE + "@" + VERSION, "not done in "
            + BUILD_MINUTES + " min; log: " + log);
      }
      if (build.exitValue() != 0) {
        throw new PlatformException("go install " + MODULE + "@" + VERSION, "exit "
            + build.exitValue() + ": " + tail(log));
      }
      Files.move(staging.resolve("server"), binary, StandardCopyOption.ATOMIC_MOVE);
      Files.deleteIfExists(staging);
      return binary;
    } catch (IOException e) {
      throw new PlatformException("build Toxiproxy into " + binary.getParent(), e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("build Toxiproxy", "interrupted", e);
    }
  }

  private static Path cached(UnaryOperator<String> env) {
    String xdg = env.apply("XDG_CACHE_HOME");
    Path base = xdg == null || xdg.isBlank() ? Path.of(System.getProperty("user.home"), ".cache")
        : Path.of(xdg);
    return base.resolve("ycsb-mongo-refarch").resolve("toxiproxy").resolve(VERSION)
        .resolve("toxiproxy-server");
  }

  /** {@code go} on the PATH, or {@code null}. */
  private static String go(UnaryOperator<String> env) {
    String path = env.apply("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "go"))) {
        return Path.of(dir, "go").toString();
      }
    }
    return null;
  }

  /** The last lines of {@code log}, on one line. */
  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    } catch (IOException e) {
      return "(" + log + " unreadable: " + e + ")";
    }
  }
}
