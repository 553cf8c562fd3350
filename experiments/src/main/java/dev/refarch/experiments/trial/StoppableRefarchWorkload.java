package dev.refarch.experiments.trial;

import dev.refarch.ycsb.workloads.RefarchWorkload;

/**
 * {@link RefarchWorkload} unchanged, except that it also stops when the runner asks
 * ({@link StopSignal}): trials that last until steady run it in place of {@code RefarchWorkload}.
 *
 * <p>Thread-safe as {@code RefarchWorkload} is.
 */
public class StoppableRefarchWorkload extends RefarchWorkload {

  @Override
  public boolean isStopRequested() {
    return super.isStopRequested() || StopSignal.requested();
  }
}
