package dev.refarch.platform.kubernetes.api;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Takes nodes out of service for a fault and puts them back: cordon ({@code unschedulable}) and
 * the {@code node.kubernetes.io/out-of-service} taint of Kubernetes' non-graceful node shutdown.
 * Nodes are not this adapter's objects, so what it changed is written into an annotation on the
 * node; {@link #restoreAll} undoes exactly that, also from another process after a crash.
 *
 * <p>Stateless and thread-safe (each change is one read-modify-write of the node).
 */
public final class Nodes {

  /** The taint with which Kubernetes force-deletes a shut-down node's pods and detaches volumes. */
  public static final String OUT_OF_SERVICE = "node.kubernetes.io/out-of-service";
  static final String CHANGES_ANNOTATION = Labels.NODE_FAULT_ANNOTATION + "-changes";

  private Nodes() {
  }

  /**
   * Cordons {@code node} and, when {@code taint}, adds the out-of-service taint
   * ({@code nodeshutdown:NoExecute}); records the changes made on behalf of {@code trial}.
   *
   * @return the changes actually made ({@code cordon}, {@code taint}); a node already cordoned is
   *     not cordoned again, and so is not uncordoned later
   */
  public static Set<String> takeOutOfService(KubernetesClient client, String node, String trial,
      boolean taint) {
    Set<String> made = new LinkedHashSet<>();
    ApiErrors.run("take node " + node + " out of service", () ->
        client.nodes().withName(node).edit(n -> {
          NodeBuilder b = new NodeBuilder(n);
          if (!Boolean.TRUE.equals(n.getSpec().getUnschedulable())) {
            b.editSpec().withUnschedulable(true).endSpec();
            made.add("cordon");
          }
          if (taint && taints(n).stream().noneMatch(t -> OUT_OF_SERVICE.equals(t.getKey()))) {
            b.editSpec().addToTaints(new TaintBuilder().withKey(OUT_OF_SERVICE)
                .withValue("nodeshutdown").withEffect("NoExecute").build()).endSpec();
            made.add("taint");
          }
          Set<String> all = new LinkedHashSet<>(recorded(n));
          all.addAll(made);
          return b.editMetadata().addToAnnotations(Map.of(Labels.NODE_FAULT_ANNOTATION, trial,
              CHANGES_ANNOTATION, String.join(",", all))).endMetadata().build();
        }));
    return made;
  }

  /** Undoes what {@link #takeOutOfService} recorded on {@code node}; a no-op for other nodes. */
  public static void restore(KubernetesClient client, String node) {
    ApiErrors.run("put node " + node + " back in service", () ->
        client.nodes().withName(node).edit(n -> {
          Set<String> changes = recorded(n);
          NodeBuilder b = new NodeBuilder(n);
          if (changes.contains("cordon")) {
            b.editSpec().withUnschedulable(false).endSpec();
          }
          if (changes.contains("taint")) {
            List<Taint> kept = new ArrayList<>(taints(n));
            kept.removeIf(t -> OUT_OF_SERVICE.equals(t.getKey()));
            b.editSpec().withTaints(kept).endSpec();
          }
          return b.editMetadata().removeFromAnnotations(Labels.NODE_FAULT_ANNOTATION)
              .removeFromAnnotations(CHANGES_ANNOTATION).endMetadata().build();
        }));
  }

  /** Restores every node that a fault of {@code trial} took out of service. */
  public static List<String> restoreAll(KubernetesClient client, String trial) {
    List<String> restored = new ArrayList<>();
    for (Node n : ApiErrors.call("list nodes", () -> client.nodes().list().getItems())) {
      Map<String, String> a = n.getMetadata().getAnnotations();
      if (a != null && trial.equals(a.get(Labels.NODE_FAULT_ANNOTATION))) {
        restore(client, n.getMetadata().getName());
        restored.add(n.getMetadata().getName());
      }
    }
    return restored;
  }

  private static Set<String> recorded(Node n) {
    Map<String, String> a = n.getMetadata().getAnnotations();
    String v = a == null ? null : a.get(CHANGES_ANNOTATION);
    return v == null || v.isBlank() ? Set.of() : new LinkedHashSet<>(List.of(v.split(",")));
  }

  private static List<Taint> taints(Node n) {
    return n.getSpec() == null || n.getSpec().getTaints() == null ? List.of()
        : n.getSpec().getTaints();
  }
}
