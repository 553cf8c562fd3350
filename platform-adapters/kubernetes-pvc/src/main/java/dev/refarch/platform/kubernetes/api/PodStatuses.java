package dev.refarch.platform.kubernetes.api;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads what a pod's status says: Ready or not, on which node, and whether it is stuck in a way
 * that waiting will not cure (an image that cannot be pulled, a pod the quota forbids), so waits
 * fail at once with the reason instead of timing out.
 *
 * <p>Stateless and thread-safe.
 */
public final class PodStatuses {

  /** Container waiting reasons that do not resolve by themselves. */
  private static final Set<String> STUCK = Set.of("ErrImagePull", "ImagePullBackOff",
      "InvalidImageName", "ErrImageNeverPull", "CreateContainerConfigError");

  private PodStatuses() {
  }

  /** Whether the pod's {@code Ready} condition is {@code True}. */
  public static boolean ready(Pod pod) {
    return condition(pod, "Ready").map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  public static Optional<PodCondition> condition(Pod pod, String type) {
    if (pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getConditions().stream().filter(c -> type.equals(c.getType()))
        .findFirst();
  }

  /** The node the pod is scheduled on, or {@code (unscheduled)}. */
  public static String node(Pod pod) {
    return pod.getSpec() == null || pod.getSpec().getNodeName() == null ? "(unscheduled)"
        : pod.getSpec().getNodeName();
  }

  /** A one-line status for wait messages, e.g. {@code rs0-0: Pending on (unscheduled), not Ready}. */
  public static String describe(Pod pod) {
    if (pod == null) {
      return "absent";
    }
    String phase = pod.getStatus() == null ? "no status" : String.valueOf(pod.getStatus().getPhase());
    StringBuilder s = new StringBuilder(pod.getMetadata().getName()).append(": ").append(phase)
        .append(" on ").append(node(pod)).append(ready(pod) ? ", Ready" : ", not Ready");
    condition(pod, "PodScheduled").filter(c -> "False".equals(c.getStatus()))
        .ifPresent(c -> s.append(", unschedulable: ").append(c.getMessage()));
    waiting(pod).forEach(w -> s.append(", ").append(w));
    return s.toString();
  }

  /**
   * Why the pod will not start however long one waits, e.g.
   * {@code container mongod: ImagePullBackOff: Back-off pulling image "mongo:6.0.55"}.
   */
  public static Optional<String> stuck(Pod pod) {
    if (pod == null || pod.getStatus() == null) {
      return Optional.empty();
    }
    return statuses(pod).stream()
        .filter(c -> c.getState() != null && c.getState().getWaiting() != null
            && STUCK.contains(c.getState().getWaiting().getReason()))
        .map(c -> "container " + c.getName() + " (image " + c.getImage() + "): "
            + c.getState().getWaiting().getReason() + ": " + c.getState().getWaiting().getMessage())
        .findFirst();
  }

  /** The restarts of the pod's containers, summed. */
  public static int restarts(Pod pod) {
    return statuses(pod).stream().mapToInt(c -> c.getRestartCount() == null ? 0
        : c.getRestartCount()).sum();
  }

  private static List<String> waiting(Pod pod) {
    return statuses(pod).stream()
        .filter(c -> c.getState() != null && c.getState().getWaiting() != null)
        .map(c -> c.getName() + " waiting: " + c.getState().getWaiting().getReason()).toList();
  }

  private static List<ContainerStatus> statuses(Pod pod) {
    List<ContainerStatus> all = new ArrayList<>();
    if (pod.getStatus() != null) {
      if (pod.getStatus().getInitContainerStatuses() != null) {
        all.addAll(pod.getStatus().getInitContainerStatuses());
      }
      if (pod.getStatus().getContainerStatuses() != null) {
        all.addAll(pod.getStatus().getContainerStatuses());
      }
    }
    return all;
  }
}
