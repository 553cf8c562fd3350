package dev.refarch.experiments.run;

import dev.refarch.platform.spi.Phase;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Reports an experiment's progress: a bar per trial with the ETA of the whole experiment (from
 * the mean duration of the trials so far) and the phase running. On a terminal the line is
 * redrawn in place; otherwise one line per event.
 *
 * <p>Thread-safe: all methods synchronise on the instance.
 */
public class Progress {

  private final PrintStream out;
  private final boolean terminal;
  private long experimentStarted;
  private int done;
  private int total;

  public Progress(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** Progress that prints nothing. */
  public static Progress silent() {
    return new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), false);
  }

  public synchronized void experimentStarted(String id, int trials) {
    experimentStarted = System.nanoTime();
    done = 0;
    total = trials;
    out.println("== " + id + ": " + trials + " trial(s)");
  }

  public synchronized void phase(String trial, Phase phase) {
    line(trial, phase.label());
  }

  public synchronized void trialEnded(String trial, String outcome) {
    done++;
    if (terminal) {
      out.print("\r\033[2K");
    }
    out.println(bar() + " " + trial + " " + outcome + eta());
  }

  public synchronized void message(String text) {
    if (terminal) {
      out.print("\r\033[2K");
    }
    out.println(text);
  }

  private void line(String trial, String what) {
    String text = bar() + " " + trial + " " + what + eta();
    if (terminal) {
      out.print("\r\033[2K" + text);
      out.flush();
    } else {
      out.println(text);
    }
  }

  private String bar() {
    int width = 20;
    int filled = total == 0 ? width : done * width / total;
    return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + done + "/" + total;
  }

  private String eta() {
    if (done == 0 || done >= total) {
      return "";
    }
    long elapsed = System.nanoTime() - experimentStarted;
    Duration left = Duration.ofNanos(elapsed / done * (total - done));
    return String.format(Locale.ROOT, "  ETA %d:%02d", left.toMinutes(), left.toSecondsPart());
  }
}
