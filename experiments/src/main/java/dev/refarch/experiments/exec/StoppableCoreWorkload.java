package dev.refarch.experiments.exec;

import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload} unchanged, except that it also stops when the runner asks
 * ({@link StopSignal}): trials that last until steady run it in place of {@code CoreWorkload}.
 *
 * <p>Thread-safe as {@code CoreWorkload} is.
 */
public class StoppableCoreWorkload extends CoreWorkload {

  @Override
  public boolean isStopRequested() {
    return super.isStopRequested() || StopSignal.requested();
  }
}
