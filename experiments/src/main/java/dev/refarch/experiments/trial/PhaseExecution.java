package dev.refarch.experiments.trial;

import dev.refarch.experiments.results.ClientOutput;
import dev.refarch.experiments.results.ResultsFolder;
import dev.refarch.experiments.results.TrialResult.ClientRecord;
import dev.refarch.platform.spi.Phase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts one phase's clients — each in a JVM forked for it, or in a warm one
 * ({@link WarmClients}) — waits for all of them, and ends the phase early — killing the rest —
 * when one fails or the phase runs past its timeout. No client of the phase is left running when
 * {@link #await} returns (warm JVMs wait idle for the next phase).
 *
 * <p>Not thread-safe; one instance per phase. {@link #processes()} may be read by other threads.
 */
final class PhaseExecution implements ClientLauncher.PhaseClients {

  private final TrialSpec spec;
  private final Phase phase;
  private final List<ClientProcess> clients = new ArrayList<>();
  private final List<Path> propertyFiles = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();

  PhaseExecution(TrialSpec spec, Phase phase) {
    this.spec = spec;
    this.phase = phase;
  }

  /** Starts every client; on failure kills those already started and rethrows. */
  void start(Path clientsDir, String javaBin, String classPath) {
    try {
      for (int i = 0; i < spec.clients(); i++) {
        String name = phase.label() + "-" + i;
        Path dir = clientsDir.resolve(name);
        Map<String, String> props = ClientPlan.properties(spec, phase, i);
        ClientPlan.placeOutputs(props, dir.toString());
        Path propsFile = writePrivately(props, clientsDir.resolveSibling(ResultsFolder.PRIVATE));
        propertyFiles.add(propsFile);
        if (spec.reuseClients()) {
          clients.add(WarmClients.shared(javaBin, classPath).start(name, dir, spec.jvmOptions(),
              ClientPlan.ycsbArguments(spec, phase, propsFile)));
        } else {
          clients.add(ClientProcess.start(name, dir, ClientPlan.command(spec, phase, propsFile,
              javaBin, classPath, ProcessHandle.current().pid(), dir.resolve("cpu-seconds.txt"))));
        }
      }
    } catch (IOException | RuntimeException e) {
      killAll();
      deletePropertyFiles();
      throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
    }
  }

  /**
   * Properties go to a file readable only by this user, in the staging folder's private folder
   * ({@code dir}), which is never committed: they may hold a connection string with credentials,
   * which results must never contain.
   */
  private static Path writePrivately(Map<String, String> props, Path dir) throws IOException {
    Files.createDirectories(dir,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path f = Files.createTempFile(dir, "ycsb-client-", ".properties",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Properties p = new Properties();
    p.putAll(props);
    try (var out = Files.newOutputStream(f)) {
      p.store(out, null);
    }
    return f;
  }

  @Override
  public List<ClientProcess> processes() {
    return List.copyOf(clients);
  }

  @Override
  public List<ClientRecord> records() {
    return clients.stream().map(c -> new ClientRecord(c.name(), c.exitCode().orElse(-1),
        c.describeExit(), completed(c), c.cpuSeconds())).toList();
  }

  @Override
  public List<Path> measurements() {
    return clients.stream().map(ClientProcess::measurements).toList();
  }

  /**
   * Waits until every client has ended. A client that ends badly (non-zero exit, or exit 0
   * without its measurements) fails the phase and the others are killed; past {@code timeout} all
   * are killed.
   *
   * @return why the phase failed; empty when every client completed
   */
  @Override
  public List<String> await(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (failures.isEmpty() && clients.stream().anyMatch(ClientProcess::isAlive)) {
        // sleeps until a client ends or the deadline passes: no polling while clients run
        CompletableFuture<?>[] exits = clients.stream().filter(ClientProcess::isAlive)
            .map(ClientProcess::onExit).toArray(CompletableFuture[]::new);
        try {
          CompletableFuture.anyOf(exits).get(Math.max(1, deadline - System.nanoTime()),
              TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
          List<String> running = clients.stream().filter(ClientProcess::isAlive)
              .map(ClientProcess::name).toList();
          failures.add("phase " + phase.label() + " timed out after " + timeout
              + "; clients still running were killed: " + String.join(", ", running));
        } catch (ExecutionException e) {
          failures.add("waiting for the clients failed: " + e.getCause());
        }
        clients.stream().filter(c -> !c.isAlive() && !completed(c)).findFirst()
            .filter(c -> failures.isEmpty()).ifPresent(c -> failures.add(describeFailure(c)));
      }
      if (failures.isEmpty()) {
        // clients that ended badly at the same moment as the last one
        clients.stream().filter(c -> !completed(c)).forEach(c -> failures.add(describeFailure(c)));
      }
      return List.copyOf(failures);
    } finally {
      stop();
    }
  }

  static boolean completed(ClientProcess c) {
    return c.exitCode().orElse(-1) == 0 && ClientOutput.isComplete(c.measurements());
  }

  private static String describeFailure(ClientProcess c) {
    String how = c.exitCode().orElse(-1) == 0
        ? "exited without writing its measurements (its binding did not initialise?)"
        : "ended with " + c.describeExit();
    return "client " + c.name() + " " + how + "; last lines of its stderr:\n" + c.stderrTail(8);
  }

  @Override
  public void requestStop() {
    clients.forEach(c -> StopSignal.request(c.dir()));
  }

  @Override
  public void stop() {
    killAll();
    deletePropertyFiles();
  }

  private void killAll() {
    clients.stream().filter(ClientProcess::isAlive).forEach(ClientProcess::kill);
  }

  private void deletePropertyFiles() {
    for (Path f : propertyFiles) {
      try {
        Files.deleteIfExists(f);
      } catch (IOException e) {
        System.err.println("[runner] cannot delete " + f + ": " + e.getMessage());
      }
    }
    propertyFiles.clear();
  }
}
