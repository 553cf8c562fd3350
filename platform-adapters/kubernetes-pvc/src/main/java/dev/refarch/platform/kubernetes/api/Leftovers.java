package dev.refarch.platform.kubernetes.api;

import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Clears the names a new deployment needs of what an earlier, interrupted run of this adapter
 * left there (a crashed runner, {@code k8s.cleanup=retain}): StatefulSets with their pods,
 * Services, Secrets and claims are deleted and awaited gone, so the creation that follows meets
 * no conflict and no stale data. An object of such a name that this adapter did not create (no
 * {@code app.kubernetes.io/managed-by} label of ours) is never touched: the start fails, naming it.
 *
 * <p>Stateless and thread-safe.
 */
public final class Leftovers {

  private Leftovers() {
  }

  /**
   * The names a deployment takes, by kind.
   *
   * @param statefulSets StatefulSets (their pods are {@code <name>-<ordinal>})
   * @param services Services
   * @param secrets Secrets
   * @param claims PersistentVolumeClaims
   */
  public record Names(List<String> statefulSets, List<String> services, List<String> secrets,
      List<String> claims) {
    public Names {
      statefulSets = List.copyOf(statefulSets);
      services = List.copyOf(services);
      secrets = List.copyOf(secrets);
      claims = List.copyOf(claims);
    }
  }

  private record Kind(String name, List<String> names,
      BiFunction<String, String, Resource<? extends HasMetadata>> resource) {
  }

  /**
   * Deletes our objects of those names and waits until they and the StatefulSets' pods are gone.
   *
   * @throws PlatformException when a name is taken by an object this adapter did not create
   */
  public static void clear(KubernetesClient client, String namespace, Names names,
      Duration timeout) {
    List<Kind> kinds = List.of(
        new Kind("StatefulSet", names.statefulSets(), (ns, n) ->
            client.apps().statefulSets().inNamespace(ns).withName(n)),
        new Kind("Service", names.services(), (ns, n) ->
            client.services().inNamespace(ns).withName(n)),
        new Kind("Secret", names.secrets(), (ns, n) ->
            client.secrets().inNamespace(ns).withName(n)),
        new Kind("PersistentVolumeClaim", names.claims(), (ns, n) ->
            client.persistentVolumeClaims().inNamespace(ns).withName(n)));
    List<String> deleted = new ArrayList<>();
    for (Kind k : kinds) {
      for (String name : k.names()) {
        Resource<? extends HasMetadata> r = k.resource().apply(namespace, name);
        HasMetadata o = ApiErrors.call("read " + k.name() + " " + namespace + "/" + name, r::get);
        if (o == null) {
          continue;
        }
        Map<String, String> labels = o.getMetadata().getLabels();
        if (labels == null || !Labels.MANAGER.equals(labels.get(Labels.MANAGED_BY))) {
          throw new PlatformException("create " + k.name() + " " + namespace + "/" + name,
              "an object of that name exists and was not created by this adapter; delete it,"
                  + " or choose another k8s.mongodb.name or k8s.namespace");
        }
        ApiErrors.run("delete leftover " + k.name() + " " + namespace + "/" + name, r::delete);
        deleted.add(k.name() + " " + name);
        if (o instanceof StatefulSet s) {
          for (int i = 0; i < s.getSpec().getReplicas(); i++) {
            deleted.add("Pod " + name + "-" + i);
          }
        }
      }
    }
    if (deleted.isEmpty()) {
      return;
    }
    Waits.until("leftovers of an earlier run gone from " + namespace, timeout, () -> {
      List<String> present = new ArrayList<>();
      for (String d : deleted) {
        String kind = d.substring(0, d.indexOf(' '));
        String name = d.substring(d.indexOf(' ') + 1);
        HasMetadata o = kind.equals("Pod")
            ? client.pods().inNamespace(namespace).withName(name).get()
            : kinds.stream().filter(k -> k.name().equals(kind)).findFirst().orElseThrow()
                .resource().apply(namespace, name).get();
        if (o != null) {
          present.add(d);
        }
      }
      return present.isEmpty() ? Waits.done(Boolean.TRUE) : Waits.pending(String.join(", ",
          present));
    });
  }
}
