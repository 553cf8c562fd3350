package dev.refarch.experiments.results;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes a trial's results folder atomically: everything goes into a hidden staging folder beside
 * the final one, which is renamed into place only when complete. Files that may hold credentials
 * (the clients' properties) go into the staging folder's {@value #PRIVATE} folder, readable by
 * this user only, which is removed before the rename. The staging folder is removed on every
 * other path: when the trial ends with an exception ({@link #close}), when this JVM is asked to
 * exit (a shutdown hook, after ending the clients still writing into it), and — for a runner
 * killed outright — by the next run of the experiment ({@link #removeAbandoned}). A
 * half-written {@code results/<experiment>/<trial>/} never exists.
 *
 * <p>Not thread-safe; one instance per trial. {@link #removeAbandoned} and the shutdown hook
 * are thread-safe.
 */
public final class ResultsFolder implements AutoCloseable {

  /** The folder inside staging for files that may hold credentials; never committed. */
  public static final String PRIVATE = ".private";

  /**
   * A client's CPU seconds and its threads' run-queue delay sampled every second
   * ({@value #CPU_TIMELINE_HEADER}; the delay column empty where the kernel does not report it,
   * and absent from files written before it existed), in its folder {@code clients/<name>/}:
   * written by the client, read by reports.
   */
  public static final String CPU_TIMELINE = "cpu-timeline.csv";

  /** The header line of {@value #CPU_TIMELINE}. */
  public static final String CPU_TIMELINE_HEADER = "epoch_ms,cpu_seconds,run_delay_seconds";

  /**
   * The machine's busy CPU seconds, its cores and running threads, and the CPU seconds and
   * run-queue delay of the cluster's server processes, sampled by the runner every second while
   * the trial's phases run ({@value #HOST_CPU_HEADER}; the server columns empty when the runner
   * cannot see the servers' processes), in the trial's folder: read by reports.
   */
  public static final String HOST_CPU = "host-cpu.csv";

  /** The header line of {@value #HOST_CPU}. */
  public static final String HOST_CPU_HEADER =
      "epoch_ms,machine_busy_seconds,cores,procs_running,server_cpu_seconds,server_run_delay_seconds";

  private static final Pattern STAGING = Pattern.compile("\\..+\\.staging-(\\d+)-\\d+");
  private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(ResultsFolder::removeOpen,
        "results-staging-cleanup"));
  }

  private final Path target;
  private final Path staging;
  private boolean committed;

  /** Prepares {@code root/<experiment>/<trial>}, staging in a fresh hidden folder. */
  public ResultsFolder(Path root, String experiment, String trial) {
    Path parent = root.resolve(experiment);
    this.target = parent.resolve(trial);
    this.staging = parent.resolve("." + trial + ".staging-" + ProcessHandle.current().pid() + "-"
        + System.nanoTime());
    try {
      Files.createDirectories(staging);
      OPEN.add(staging);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + staging, e);
    }
  }

  /** Where to write while the trial runs. */
  public Path staging() {
    return staging;
  }

  /**
   * Where files that may hold credentials go: inside staging, never kept; whoever writes there
   * creates it readable by this user only.
   */
  public Path privateDir() {
    return staging.resolve(PRIVATE);
  }

  /** The final folder. */
  public Path target() {
    return target;
  }

  /**
   * Removes the private files, then renames the staging folder into place, replacing an earlier
   * result of the same trial.
   */
  public Path commit() {
    try {
      delete(privateDir());
      if (Files.exists(target)) {
        Path old = target.resolveSibling("." + target.getFileName() + ".replaced-" + System.nanoTime());
        Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
        delete(old);
      }
      try {
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(staging, target);
      }
      committed = true;
      OPEN.remove(staging);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot move " + staging + " to " + target, e);
    }
  }

  /** Removes the staging folder unless it was committed; idempotent. */
  @Override
  public void close() {
    if (!committed && OPEN.remove(staging)) {
      removeStaging(staging);
    }
  }

  /**
   * Removes what runners that no longer run left in an experiment's folder: staging folders of
   * processes that are gone (first ending any client still writing into one) and replaced results
   * a rename did not finish deleting. Staging folders of live runners stay.
   *
   * @return how many folders were removed
   */
  public static int removeAbandoned(Path experimentDir) {
    if (!Files.isDirectory(experimentDir)) {
      return 0;
    }
    int removed = 0;
    try (Stream<Path> s = Files.list(experimentDir)) {
      for (Path p : s.filter(ResultsFolder::abandoned).toList()) {
        removeStaging(p);
        removed++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + experimentDir, e);
    }
    return removed;
  }

  private static boolean abandoned(Path p) {
    String name = p.getFileName().toString();
    if (name.startsWith(".") && name.contains(".replaced-")) {
      return true;
    }
    Matcher m = STAGING.matcher(name);
    if (!m.matches()) {
      return false;
    }
    long pid = Long.parseLong(m.group(1));
    return pid != ProcessHandle.current().pid()
        && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
  }

  /** Ends the processes whose command line names {@code dir} (its clients), then deletes it. */
  private static void removeStaging(Path dir) {
    String path = dir.toAbsolutePath().toString();
    ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().map(c -> c.contains(path)).orElse(false))
        .forEach(h -> {
          h.destroyForcibly();
          try {
            h.onExit().get(10, TimeUnit.SECONDS);
          } catch (Exception e) {
            System.err.println("[runner] process " + h.pid() + " writing into " + dir
                + " did not end: " + e);
          }
        });
    try {
      delete(dir);
    } catch (IOException e) {
      System.err.println("[runner] cannot remove " + dir + ": " + e.getMessage());
    }
  }

  private static void removeOpen() {
    OPEN.forEach(ResultsFolder::removeStaging);
    OPEN.clear();
  }

  /**
   * Checks, without writing anything, that {@code root} is a folder results can go to, or can
   * be created as one.
   *
   * @param key how the user named it, e.g. {@code --results}
   * @throws ConfigurationException naming the folder and why not
   */
  public static void checkRoot(String key, Path root) {
    Path p = root.toAbsolutePath().normalize();
    Path existing = p;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    String why = null;
    try {
      if (existing == null) {
        why = "no part of it exists";
      } else if (!Files.isDirectory(existing)) {
        why = existing + " is not a folder";
      } else if (!Files.isWritable(existing) || Files.getFileStore(existing).isReadOnly()) {
        why = existing + " is not writable";
      } else if (Set.of("proc", "sysfs", "devtmpfs", "cgroup", "cgroup2")
          .contains(Files.getFileStore(existing).type())) {
        why = existing + " is on a " + Files.getFileStore(existing).type()
            + " file system, which holds no files";
      }
    } catch (IOException e) {
      why = e.toString();
    }
    if (why != null) {
      throw new ConfigurationException(key, root.toString(), "a folder this user can create"
          + " and write", why);
    }
  }

  /** Deletes a folder tree; used for replaced results and abandoned staging folders. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(dir, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        Files.delete(d);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
