package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What the local fault injector can do to a member, and what state the member must be in. */
public enum FaultAction {
  /** {@code SIGKILL}: the process dies at once, as in a crash. */
  KILL(ProcessStatus.RUNNING),
  /** {@code SIGTERM} and wait: a clean shutdown, as in maintenance. */
  STOP(ProcessStatus.RUNNING),
  /** {@code SIGSTOP}: the process freezes, as in a hung host or a long GC-like stall. */
  PAUSE(ProcessStatus.RUNNING),
  /** {@code SIGCONT}: a paused process carries on. */
  RESUME(ProcessStatus.PAUSED),
  /** {@code replSetStepDown}: the primary hands over. */
  STEPDOWN(ProcessStatus.RUNNING),
  /** Start a killed or stopped member again, same port and data, and wait until it is back. */
  RESTART(ProcessStatus.EXITED),
  /**
   * Cap the member's block I/O ({@code iops=}, {@code bps=}) on the disk under its data: the
   * process moves into a block I/O group of its own with the kernel's throttle on that disk.
   */
  SLOW_DISK(ProcessStatus.RUNNING),
  /** Lift a {@code slow-disk}: the process back in its group, the cap gone. */
  RESTORE_DISK(ProcessStatus.RUNNING);

  private final ProcessStatus needs;

  FaultAction(ProcessStatus needs) {
    this.needs = needs;
  }

  /** The lower-case name used in faults, e.g. {@code slow-disk}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The process status a target must have for this action. */
  public ProcessStatus needs() {
    return needs;
  }

  /** Every label, in declaration order. */
  public static List<String> labels() {
    return Arrays.stream(values()).map(FaultAction::label).toList();
  }

  /**
   * The action named {@code text} (any case).
   *
   * @throws ConfigurationException listing the actions, with the closest one
   */
  public static FaultAction parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    for (FaultAction a : values()) {
      if (a.label().equals(t)) {
        return a;
      }
    }
    throw new ConfigurationException("fault.action", text, String.join(", ", labels()),
        Suggestions.closest(t, labels()).map(c -> "did you mean '" + c + "'?").orElse(null));
  }
}
