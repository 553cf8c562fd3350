package dev.refarch.platform.local.process;

import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Sends POSIX signals that {@link Process} cannot ({@code SIGSTOP}, {@code SIGCONT}) through
 * the {@code kill} command, and reads a process's run state from {@code /proc}.
 *
 * <p>Stateless and thread-safe.
 */
final class Signals {

  private Signals() {
  }

  /**
   * Runs {@code kill -SIGNAL pid}.
   *
   * @param signal name without {@code SIG}, e.g. {@code STOP}
   * @throws PlatformException when {@code kill} fails, with its output
   */
  static void send(String signal, long pid) {
    String operation = "kill -" + signal + " " + pid;
    try {
      Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid))
          .redirectErrorStream(true).start();
      kill.getOutputStream().close();
      String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!kill.waitFor(10, TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        throw new PlatformException(operation, "did not finish within 10 s");
      }
      if (kill.exitValue() != 0) {
        throw new PlatformException(operation, "exited with " + kill.exitValue() + ": "
            + output.strip());
      }
    } catch (IOException e) {
      throw new PlatformException(operation, e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(operation, "interrupted", e);
    }
  }

  /**
   * The one-letter state from {@code /proc/PID/stat} ({@code T} when stopped), or {@code '?'}
   * when there is no {@code /proc} (not Linux) or the process is gone.
   */
  static char runState(long pid) {
    Path stat = Path.of("/proc", String.valueOf(pid), "stat");
    try {
      String text = Files.readString(stat, StandardCharsets.UTF_8);
      // "pid (comm) S ...": comm may contain spaces and parentheses, so look after the last ')'
      int close = text.lastIndexOf(')');
      return close < 0 || close + 2 >= text.length() ? '?' : text.charAt(close + 2);
    } catch (IOException e) {
      return '?';
    }
  }
}
