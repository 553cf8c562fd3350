package dev.refarch.platform.kubernetes.api;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the events Kubernetes records about an object. Controllers report there what never
 * becomes an object of its own: a pod the quota refused ({@code FailedCreate} on the StatefulSet
 * or Job), a volume that could not be provisioned ({@code ProvisioningFailed} on the claim).
 *
 * <p>Stateless and thread-safe.
 */
public final class Events {

  private Events() {
  }

  /**
   * The newest event with one of {@code reasons} about the object {@code kind}/{@code name}, as
   * {@code Reason: message}; empty when there is none or events may not be read (diagnostics must
   * never hide the error they would explain).
   */
  public static Optional<String> latest(KubernetesClient client, String namespace, String kind,
      String name, Set<String> reasons) {
    try {
      return client.v1().events().inNamespace(namespace).list().getItems().stream()
          .filter(e -> reasons.contains(e.getReason()) && e.getInvolvedObject() != null
              && kind.equals(e.getInvolvedObject().getKind())
              && name.equals(e.getInvolvedObject().getName()))
          .max(Comparator.comparing(Events::time))
          .map(e -> e.getReason() + ": " + e.getMessage());
    } catch (KubernetesClientException e) {
      return Optional.empty();
    }
  }

  private static String time(Event e) {
    if (e.getLastTimestamp() != null) {
      return e.getLastTimestamp();
    }
    return e.getEventTime() != null ? String.valueOf(e.getEventTime().getTime()) : "";
  }
}
