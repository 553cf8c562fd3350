package dev.refarch.platform.local.process;

import java.util.Locale;

/** Where a member's operating-system process is in its life, as this JVM last made it. */
public enum ProcessStatus {
  /** Never started. */
  NOT_STARTED,
  /** Alive and not paused. */
  RUNNING,
  /** Alive but stopped with {@code SIGSTOP}. */
  PAUSED,
  /** Exited (stopped, killed or crashed). */
  EXITED;

  /** Lower-case name for platform state and messages, e.g. {@code paused}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
