package dev.refarch.ycsb.hooks;

import dev.refarch.platform.spi.HookContext;

/** Test double whose {@code before} fails after recording, as a platform API error would. */
public class FailingHook extends RecordingHook {

  public FailingHook() {
    super("failing");
  }

  @Override
  public void before(HookContext context) {
    super.before(context);
    throw new IllegalStateException("simulated platform failure");
  }
}
