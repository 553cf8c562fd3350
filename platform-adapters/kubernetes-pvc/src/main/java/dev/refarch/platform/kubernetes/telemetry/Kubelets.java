package dev.refarch.platform.kubernetes.telemetry;

import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;
import java.util.TreeSet;

/** What the pod sources ask of the cluster: where the members run now, and their kubelets. */
final class Kubelets {

  private Kubelets() {
  }

  /**
   * The nodes the member pods run on now: a deleted pod or a failed node moves them.
   *
   * @param members member pod to the node it ran on when the trial started
   */
  static TreeSet<String> nodesNow(KubernetesClient client, String namespace,
      Map<String, String> members) {
    TreeSet<String> now = new TreeSet<>();
    for (var p : client.pods().inNamespace(namespace).list().getItems()) {
      if (members.containsKey(p.getMetadata().getName()) && p.getSpec().getNodeName() != null) {
        now.add(p.getSpec().getNodeName());
      }
    }
    return now;
  }

  /**
   * A path of {@code node}'s kubelet, through the API server's node proxy
   * ({@code /api/v1/nodes/<node>/proxy/<path>}), which needs {@code get} on {@code nodes/proxy}.
   *
   * @param what what the path serves, for the message: {@code stats summary}
   * @throws PlatformException naming the node, what was asked and, on a refusal, the permission
   */
  static String get(KubernetesClient client, String source, String node, String path,
      String what) {
    String base = client.getMasterUrl().toString().replaceAll("/+$", "");
    String body;
    try {
      body = client.raw(base + "/api/v1/nodes/" + node + "/proxy/" + path);
    } catch (KubernetesClientException e) {
      String why = e.getStatus() != null && e.getStatus().getMessage() != null
          ? e.getStatus().getMessage() : e.getMessage();
      throw new PlatformException(source, "node " + node + "'s kubelet " + (e.getCode() == 403
          ? what + " refused: reading it needs get on nodes/proxy (" + why + ")"
          : "did not give its " + what + " (" + e.getCode() + ": " + why + ")"), e);
    }
    if (body == null) {
      throw new PlatformException(source, "node " + node + " has no " + what);
    }
    return body;
  }
}
