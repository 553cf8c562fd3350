package dev.refarch.platform.spi;

/**
 * Undoes several things, each even when another fails: what a platform changed (a packet filter,
 * a disk cap, a paused member) must all be put back, and one failure must not leave the rest in
 * place. The first failure is thrown at the end, naming what was being undone; later ones travel
 * with it as suppressed exceptions.
 *
 * <pre>{@code
 * UndoAll undo = new UndoAll();
 * for (Chain c : chains) {
 *   undo.attempt("lift packet filter " + c.name(), () -> NetworkCuts.lift(c.pid(), c.name()));
 * }
 * undo.throwIfFailed();
 * }</pre>
 *
 * <p>Not thread-safe: one instance per undo pass.
 */
public final class UndoAll {

  private PlatformException failed;

  /**
   * Runs {@code step}; a {@link RuntimeException} from it is kept, not thrown.
   *
   * @param what the operation, e.g. {@code restore rs0-1's disk}: the first failure's message
   *     starts with it
   * @return whether the step completed
   */
  public boolean attempt(String what, Runnable step) {
    try {
      step.run();
      return true;
    } catch (RuntimeException e) {
      if (failed == null) {
        failed = new PlatformException(what, e.getMessage(), e);
      } else {
        failed.addSuppressed(e);
      }
      return false;
    }
  }

  /** @throws PlatformException the first failure, the later ones suppressed in it */
  public void throwIfFailed() {
    if (failed != null) {
      throw failed;
    }
  }
}
