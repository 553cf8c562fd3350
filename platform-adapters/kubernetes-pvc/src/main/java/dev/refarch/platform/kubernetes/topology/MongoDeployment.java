package dev.refarch.platform.kubernetes.topology;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Events;
import dev.refarch.platform.kubernetes.api.Leftovers;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.kubernetes.api.Waits;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.storage.VolumeFacts;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Group;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Creates a MongoDB deployment's objects (the Secret with its credentials, then per group a
 * Service and a StatefulSet), waits until every pod is Ready (its port answers), then sets the
 * replica sets up through the runner ({@link ReplicaSets}: initiation, the user, shards) and
 * waits until every member is primary, secondary or arbiter. Objects of the same names left by
 * an earlier run of this adapter are deleted first, so a re-run never meets a conflict; objects
 * of those names that the adapter did not create stop the start. A pod that cannot pull its
 * image, or a StatefulSet whose pods the quota or admission refuses, fails the wait at once with
 * the reason.
 *
 * <p>Not thread-safe; used once per start.
 *
 * <pre>{@code
 * MongoDeployment d = new MongoDeployment(client, layout, settings, trial, Optional.of("vsan-gold"),
 *     Optional.of(Credentials.random()), MemberSetup.THROUGH_PORT_FORWARDS);
 * d.create();
 * d.awaitReady();
 * Map<String, String> facts = d.facts();   // member.refarch-rs0-0.node, .pvc.csi.volumeHandle, ...
 * }</pre>
 */
public final class MongoDeployment {

  private final KubernetesClient client;
  private final ClusterLayout layout;
  private final K8sSettings settings;
  private final Manifests manifests;
  private final Optional<Credentials> credentials;
  private final MemberSetup setup;

  /**
   * @param storageClass the StorageClass of members' claims; empty for the cluster's default
   * @param credentials the key file and user; empty when {@code k8s.mongodb.auth=false}
   * @param setup initiates the replica sets once the pods run
   */
  public MongoDeployment(KubernetesClient client, ClusterLayout layout, K8sSettings settings,
      String trial, Optional<String> storageClass, Optional<Credentials> credentials,
      MemberSetup setup) {
    this.client = client;
    this.layout = layout;
    this.settings = settings;
    this.manifests = new Manifests(layout, settings, trial, storageClass);
    this.credentials = credentials;
    this.setup = setup;
  }

  /**
   * Deletes what an earlier run of this adapter left under the same names, then creates every
   * object; on a refusal, what was created stays for the caller to clean up.
   */
  public void create() {
    String ns = layout.namespace();
    Leftovers.clear(client, ns, names(), settings.timeout());
    credentials.ifPresent(c -> {
      var secret = manifests.secret(c);
      ApiErrors.run("create Secret " + ns + "/" + manifests.secretName(),
          () -> client.secrets().inNamespace(ns).resource(secret).create());
    });
    for (Group g : layout.groups()) {
      var service = manifests.service(g);
      ApiErrors.run("create Service " + ns + "/" + g.name(),
          () -> client.services().inNamespace(ns).resource(service).create());
      var sts = manifests.statefulSet(g);
      ApiErrors.run("create StatefulSet " + ns + "/" + g.name(),
          () -> client.apps().statefulSets().inNamespace(ns).resource(sts).create());
    }
  }

  /** The names this deployment's objects take, by kind. */
  private Leftovers.Names names() {
    List<String> claims = layout.groups().stream().filter(g -> g.kind().hasVolume())
        .flatMap(g -> g.pods().stream()).map(pod -> Manifests.VOLUME + "-" + pod).toList();
    List<String> sets = layout.groups().stream().map(Group::name).toList();
    return new Leftovers.Names(sets, sets, List.of(manifests.secretName()), claims);
  }

  /**
   * Waits until every pod runs and answers, then initiates the replica sets, creates the user,
   * adds the shards, and waits until every member is primary, secondary or arbiter.
   */
  public void awaitReady() {
    awaitPods();
    setup.setUp(client, layout, credentials, settings.timeout());
  }

  private void awaitPods() {
    String what = "MongoDB " + layout.topology().label() + " in " + layout.namespace()
        + " Ready (" + layout.pods().size() + " pods)";
    Waits.until(what, settings.timeout(), () -> {
      List<String> pending = new ArrayList<>();
      for (Group g : layout.groups()) {
        for (String name : g.pods()) {
          Pod p = client.pods().inNamespace(layout.namespace()).withName(name).get();
          if (p == null) {
            refused(g).ifPresent(reason -> {
              throw new PlatformException("wait for " + what, "StatefulSet " + g.name()
                  + " cannot create its pods: " + reason);
            });
            pending.add(name + ": not created yet");
            continue;
          }
          PodStatuses.stuck(p).ifPresent(reason -> {
            throw new PlatformException("wait for " + what, "pod " + name + " cannot start: "
                + reason + "; fix: check k8s.mongodb.image and k8s.imagePullSecret");
          });
          if (!PodStatuses.ready(p)) {
            pending.add(PodStatuses.describe(p));
          }
        }
      }
      return pending.isEmpty() ? Waits.done(Boolean.TRUE) : Waits.pending(String.join("; ",
          pending));
    });
  }

  private Optional<String> refused(Group g) {
    return Events.latest(client, layout.namespace(), "StatefulSet", g.name(),
        Set.of("FailedCreate")).filter(m -> m.contains("forbidden") || m.contains("quota")
        || m.contains("denied"));
  }

  /**
   * What runs where: per pod its node and, for data-bearing members, its claim, bound volume and
   * CSI volume handle.
   */
  public Map<String, String> facts() {
    Map<String, String> facts = new LinkedHashMap<>();
    for (Group g : layout.groups()) {
      int ordinal = 0;
      for (String name : g.pods()) {
        String prefix = "member." + name + ".";
        // as the replica set's configuration names it, and so hello and its telemetry
        facts.put(prefix + "address", layout.host(g, ordinal++));
        Pod p = client.pods().inNamespace(layout.namespace()).withName(name).get();
        facts.put(prefix + "group", g.kind().name().toLowerCase(java.util.Locale.ROOT));
        if (!g.replicaSet().isEmpty()) {
          facts.put(prefix + "replicaSet", g.replicaSet());
        }
        facts.put(prefix + "node", p == null ? "(absent)" : PodStatuses.node(p));
        if (g.kind().hasVolume()) {
          String claim = Manifests.VOLUME + "-" + name;
          PersistentVolumeClaim pvc = client.persistentVolumeClaims()
              .inNamespace(layout.namespace()).withName(claim).get();
          facts.put(prefix + "pvc", claim);
          if (pvc != null) {
            facts.putAll(VolumeFacts.of(client, pvc, prefix + "pvc."));
          }
        }
      }
    }
    return facts;
  }
}
