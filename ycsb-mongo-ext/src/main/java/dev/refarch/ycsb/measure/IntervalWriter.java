package dev.refarch.ycsb.measure;

/**
 * The daemon thread that writes a session's interval histograms on boundaries aligned to the
 * epoch (every interval starts at a multiple of its length), so that the logs of several clients
 * line up interval by interval.
 *
 * <p>Thread-safe: {@link #finish} may be called from any thread.
 */
final class IntervalWriter extends Thread {

  private final MeasurementSession session;
  private final long intervalMs;
  private volatile boolean finished;

  IntervalWriter(MeasurementSession session, long intervalMs) {
    super("measurement-interval-writer");
    setDaemon(true);
    this.session = session;
    this.intervalMs = intervalMs;
  }

  @Override
  public void run() {
    while (!finished) {
      long now = System.currentTimeMillis();
      long next = (now / intervalMs + 1) * intervalMs;
      try {
        Thread.sleep(next - now);
      } catch (InterruptedException e) {
        // finish() interrupts: leave the loop, the session writes the last interval itself
        return;
      }
      if (!finished) {
        session.writeInterval();
      }
    }
  }

  /** Stops the thread and waits for it, so the caller can write the last interval. */
  void finish() {
    finished = true;
    interrupt();
    try {
      join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
