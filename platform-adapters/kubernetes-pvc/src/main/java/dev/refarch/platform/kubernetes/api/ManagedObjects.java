package dev.refarch.platform.kubernetes.api;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Finds and removes what this adapter created for a trial, by label: StatefulSets, Jobs, pods,
 * Services, Secrets, PersistentVolumeClaims and StorageClasses; and puts back nodes a
 * fault took out of service. Controllers go first so they do not recreate what is being removed,
 * claims before their StorageClass.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * ManagedObjects.deleteAll(client, "bench", "r1b2c3");   // also what kubectl delete -l would do
 * assert ManagedObjects.remaining(client, "bench", "r1b2c3").isEmpty();
 * }</pre>
 */
public final class ManagedObjects {

  private ManagedObjects() {
  }

  /** Each kind this adapter creates, in deletion order, listed or deleted by label. */
  private static List<Kind> kinds(KubernetesClient c, String ns) {
    return List.of(
        new Kind("StatefulSet", s -> c.apps().statefulSets().inNamespace(ns).withLabels(s)
            .list().getItems(), s -> c.apps().statefulSets().inNamespace(ns).withLabels(s).delete()),
        new Kind("Job", s -> c.batch().v1().jobs().inNamespace(ns).withLabels(s).list().getItems(),
            s -> c.batch().v1().jobs().inNamespace(ns).withLabels(s)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete()),
        new Kind("Pod", s -> c.pods().inNamespace(ns).withLabels(s).list().getItems(),
            s -> c.pods().inNamespace(ns).withLabels(s).delete()),
        new Kind("Service", s -> c.services().inNamespace(ns).withLabels(s).list().getItems(),
            s -> c.services().inNamespace(ns).withLabels(s).delete()),
        new Kind("Secret", s -> c.secrets().inNamespace(ns).withLabels(s).list().getItems(),
            s -> c.secrets().inNamespace(ns).withLabels(s).delete()),
        new Kind("PersistentVolumeClaim", s -> c.persistentVolumeClaims().inNamespace(ns)
            .withLabels(s).list().getItems(),
            s -> c.persistentVolumeClaims().inNamespace(ns).withLabels(s).delete()),
        new Kind("StorageClass", s -> c.storage().v1().storageClasses().withLabels(s).list()
            .getItems(), s -> c.storage().v1().storageClasses().withLabels(s).delete()));
  }

  private record Kind(String name, Function<Map<String, String>, List<? extends HasMetadata>> list,
      Function<Map<String, String>, ?> delete) {
  }

  /**
   * Deletes every object labelled with {@code trial} (and restores nodes its faults changed).
   * Carries on past a kind that fails so one refusal does not leak the rest.
   *
   * @return the failures, one line each; empty when everything was removed
   */
  public static List<String> deleteAll(KubernetesClient client, String namespace, String trial) {
    List<String> failures = new ArrayList<>();
    try {
      Nodes.restoreAll(client, trial);
    } catch (RuntimeException e) {
      failures.add(e.getMessage());
    }
    failures.addAll(deleteMatching(client, namespace, Labels.selector(trial)));
    return failures;
  }

  /**
   * Deletes every object of the kinds this adapter creates that carries all of {@code selector}'s
   * labels, e.g. only one component's objects of a trial.
   *
   * @return the failures, one line each
   */
  public static List<String> deleteMatching(KubernetesClient client, String namespace,
      Map<String, String> selector) {
    List<String> failures = new ArrayList<>();
    for (Kind k : kinds(client, namespace)) {
      try {
        k.delete().apply(selector);
      } catch (KubernetesClientException e) {
        failures.add(ApiErrors.translate("delete " + k.name() + "s labelled " + selector
            + " in " + namespace, e).getMessage());
      }
    }
    return failures;
  }

  /**
   * Waits until nothing labelled with {@code trial} is left: pods end after their grace period,
   * claims only once no pod uses them.
   *
   * @throws Waits.TimedOut naming what is still there
   */
  public static void awaitGone(KubernetesClient client, String namespace, String trial,
      Duration timeout) {
    Waits.until("every object of trial " + trial + " in " + namespace + " gone", timeout, () -> {
      List<String> left = remaining(client, namespace, trial);
      return left.isEmpty() ? Waits.done(Boolean.TRUE) : Waits.pending(String.join(", ", left));
    });
  }

  /** Every object labelled with {@code trial}, as {@code Kind namespace/name}. */
  public static List<String> remaining(KubernetesClient client, String namespace, String trial) {
    return remaining(client, namespace, Labels.selector(trial));
  }

  /** Every object this adapter created, for any trial, as {@code Kind namespace/name}. */
  public static List<String> remainingOfAnyTrial(KubernetesClient client, String namespace) {
    return remaining(client, namespace, Map.of(Labels.MANAGED_BY, Labels.MANAGER));
  }

  private static List<String> remaining(KubernetesClient client, String namespace,
      Map<String, String> selector) {
    List<String> out = new ArrayList<>();
    for (Kind k : kinds(client, namespace)) {
      for (HasMetadata o : ApiErrors.call("list " + k.name() + "s", () ->
          k.list().apply(selector))) {
        String ns = o.getMetadata().getNamespace();
        out.add(k.name() + " " + (ns == null ? "" : ns + "/") + o.getMetadata().getName());
      }
    }
    return out;
  }
}
