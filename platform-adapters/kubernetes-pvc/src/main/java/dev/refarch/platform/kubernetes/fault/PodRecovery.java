package dev.refarch.platform.kubernetes.fault;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a MongoDB pod came back after a fault, seen from Kubernetes: the StatefulSet recreated it
 * (same name, new uid), maybe on another node, and its readiness probe passed — the member is
 * primary, secondary or arbiter again. Times are epoch milliseconds on this machine's clock, the
 * clock of the clients' timelines, so they line up with operations.
 *
 * @param pod the pod's name (StatefulSets keep it)
 * @param role the role it had when the fault fired, or {@code member} when aimed by name
 * @param nodeBefore the node it ran on
 * @param nodeAfter the node it runs on now
 * @param faultEpochMs when the fault took effect
 * @param readyEpochMs when the recreated pod was first seen Ready (polled every 200 ms)
 */
public record PodRecovery(String pod, String role, String nodeBefore, String nodeAfter,
    long faultEpochMs, long readyEpochMs) {

  /** The name of {@link #readyAfterMs()} in the fault event's {@code durationsMs}. */
  public static final String POD_READY = "podReady";

  /** Milliseconds from the fault to the pod being Ready again. */
  public long readyAfterMs() {
    return readyEpochMs - faultEpochMs;
  }

  /** The facts for the platform state, under {@code prefix}. */
  public Map<String, String> facts(String prefix) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put(prefix + "pod", pod);
    f.put(prefix + "role", role);
    f.put(prefix + "node.before", nodeBefore);
    f.put(prefix + "node.after", nodeAfter);
    f.put(prefix + "epochMs", String.valueOf(faultEpochMs));
    f.put(prefix + "podReadyEpochMs", String.valueOf(readyEpochMs));
    f.put(prefix + "podReadyAfterMs", String.valueOf(readyAfterMs()));
    return f;
  }
}
