package dev.refarch.ycsb.hooks;

/** A second recording test double, to observe ordering between hooks. */
public class SecondRecordingHook extends RecordingHook {

  public SecondRecordingHook() {
    super("recording2");
  }
}
