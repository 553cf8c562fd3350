package dev.refarch.platform.kubernetes.testing;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/**
 * Plays Kubernetes' controllers against fabric8's mock server (CRUD mode), which stores objects
 * but runs nothing: a volume provisioner (binds claims to CSI volumes, honouring
 * WaitForFirstConsumer), the StatefulSet controller with scheduler and kubelet (creates pods and
 * their claims, makes them Ready, recreates deleted pods — on another node when theirs is
 * cordoned), the taint manager (deletes pods on nodes with the out-of-service taint) and the Job
 * controller with kubelet (creates indexed pods that end with a given log).
 *
 * <p>Runs its loop on one thread every 50 ms; switches are volatile and may be flipped by tests.
 *
 * <pre>{@code
 * try (FakeKubernetes k8s = FakeKubernetes.start(server, "test", "node-a", "node-b", "node-c")) {
 *   ...
 * }
 * }</pre>
 */
public final class FakeKubernetes implements AutoCloseable {

  public static final String CSI_DRIVER = "csi.vsphere.vmware.com";

  /**
   * How a Job's pod ends.
   *
   * @param phase Succeeded or Failed
   * @param exitCode the container's
   * @param log what the pod printed
   */
  public record JobPod(String phase, int exitCode, String log) {
  }

  private final KubernetesMockServer server;
  private final KubernetesClient client;
  private final String namespace;
  private final ScheduledExecutorService loop;
  private final Map<String, String> lastNode = new ConcurrentHashMap<>();
  private final Map<String, Long> missingSince = new ConcurrentHashMap<>();
  private final AtomicInteger volumes = new AtomicInteger();
  private final List<Throwable> errors = new ArrayList<>();
  private volatile boolean closing;

  /** Whether StatefulSet pods are created (and recreated). */
  public volatile boolean runStatefulSets = true;
  /** Whether created pods become Ready. */
  public volatile boolean podsReady = true;
  /** Whether pods are stuck in ErrImagePull. */
  public volatile boolean imagePullFails = false;
  /** How long a deleted StatefulSet pod stays away before it is recreated. */
  public volatile long recreateDelayMs = 0;
  /** How a Job's pod of a given index ends, at once; {@code null} runs no Job pods this way. */
  public volatile BiFunction<Job, Integer, JobPod> jobPods;
  /**
   * Runs a Job's pod of a given index: the pod is Running until the future completes with how it
   * ended. Called once per pod, as a kubelet starts its container; wins over {@link #jobPods}.
   */
  public volatile BiFunction<Pod, Integer, CompletableFuture<JobPod>> runningJobPods;
  private final Map<String, CompletableFuture<JobPod>> running = new ConcurrentHashMap<>();

  private FakeKubernetes(KubernetesMockServer server, String namespace, List<String> nodes) {
    this.server = server;
    this.client = server.createClient();
    this.namespace = namespace;
    for (String n : nodes) {
      // createOr(update): on a loaded machine the client may time out on a create the server did
      // and send it again, which then answers 409 for the node the first attempt made
      client.nodes().resource(new NodeBuilder().withNewMetadata().withName(n).endMetadata()
          .withNewSpec().endSpec().build()).createOr(NonDeletingOperation::update);
    }
    this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "fake-kubernetes");
      t.setDaemon(true);
      return t;
    });
    loop.scheduleWithFixedDelay(this::reconcileSafely, 0, 50, TimeUnit.MILLISECONDS);
  }

  /** Creates {@code nodes} and starts the controllers. */
  public static FakeKubernetes start(KubernetesMockServer server, String namespace,
      String... nodes) {
    return new FakeKubernetes(server, namespace, List.of(nodes));
  }

  public KubernetesClient client() {
    return client;
  }

  private void reconcileSafely() {
    try {
      evictOutOfService();
      if (runStatefulSets) {
        client.apps().statefulSets().inNamespace(namespace).list().getItems()
            .forEach(this::reconcile);
      }
      scheduleLoosePods();
      bindClaims();
      if (jobPods != null || runningJobPods != null) {
        client.batch().v1().jobs().inNamespace(namespace).list().getItems().forEach(this::run);
      }
      endRunningJobPods();
    } catch (Throwable t) {
      boolean deletedMeanwhile = t instanceof io.fabric8.kubernetes.client.KubernetesClientException e
          && e.getCode() == 404;
      if (closing || deletedMeanwhile) {
        return; // the code under test removed an object this loop was working on: as in a real cluster
      }
      synchronized (errors) {
        errors.add(t);
      }
    }
  }

  /** What went wrong inside the fake controllers (tests assert it is empty). */
  public List<Throwable> errors() {
    synchronized (errors) {
      return List.copyOf(errors);
    }
  }

  private void reconcile(StatefulSet sts) {
    String group = sts.getMetadata().getName();
    for (int i = 0; i < sts.getSpec().getReplicas(); i++) {
      String name = group + "-" + i;
      Pod existing = client.pods().inNamespace(namespace).withName(name).get();
      if (existing != null) {
        missingSince.remove(name);
        startOnceVolumesAreBound(existing);
        continue;
      }
      long since = missingSince.computeIfAbsent(name, n -> System.currentTimeMillis());
      if (lastNode.containsKey(name) && System.currentTimeMillis() - since < recreateDelayMs) {
        continue;
      }
      Optional<String> node = schedule(name, group);
      List<String> claims = new ArrayList<>();
      for (PersistentVolumeClaim template : sts.getSpec().getVolumeClaimTemplates()) {
        String claim = template.getMetadata().getName() + "-" + name;
        claims.add(claim);
        if (client.persistentVolumeClaims().inNamespace(namespace).withName(claim).get() == null) {
          client.persistentVolumeClaims().inNamespace(namespace).resource(
              new PersistentVolumeClaimBuilder(template).editMetadata().withName(claim)
                  .withNamespace(namespace).endMetadata().build()).create();
        }
      }
      PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(namespace)
          .withUid(UUID.randomUUID().toString())
          .withLabels(sts.getSpec().getTemplate().getMetadata().getLabels()).endMetadata()
          .withSpec(sts.getSpec().getTemplate().getSpec());
      for (String claim : claims) {
        pod.editSpec().addNewVolume().withName(claim).withNewPersistentVolumeClaim()
            .withClaimName(claim).endPersistentVolumeClaim().endVolume().endSpec();
      }
      node.ifPresent(n -> pod.editSpec().withNodeName(n).endSpec());
      if (client.apps().statefulSets().inNamespace(namespace).withName(group).get() == null) {
        return; // deleted while this loop worked on it; a real controller would stop too
      }
      client.pods().inNamespace(namespace).resource(pod.build()).create();
      if (client.apps().statefulSets().inNamespace(namespace).withName(group).get() == null) {
        // deleted meanwhile: the garbage collector removes pods whose owner is gone
        client.pods().inNamespace(namespace).withName(name).delete();
        return;
      }
      // a pod is "missing since" only from when it is seen gone after it existed
      missingSince.remove(name);
      node.ifPresent(n -> lastNode.put(name, n));
      client.pods().inNamespace(namespace).withName(name).editStatus(p ->
          new PodBuilder(p).withStatus(node.isPresent() && !claims.isEmpty()
              ? containerCreating() : status(node.isPresent())).build());
    }
  }

  /** The kubelet starts a pod's containers only once its volumes are bound (and attached). */
  private PodStatus containerCreating() {
    return new PodStatusBuilder().withPhase("Pending").addToContainerStatuses(
        new ContainerStatusBuilder().withName("mongod").withNewState().withNewWaiting()
            .withReason("ContainerCreating").endWaiting().endState().build()).build();
  }

  private void startOnceVolumesAreBound(Pod pod) {
    boolean creating = pod.getStatus() != null && pod.getStatus().getContainerStatuses() != null
        && pod.getStatus().getContainerStatuses().stream().anyMatch(c -> c.getState() != null
            && c.getState().getWaiting() != null
            && "ContainerCreating".equals(c.getState().getWaiting().getReason()));
    if (!creating) {
      return;
    }
    boolean bound = pod.getSpec().getVolumes().stream()
        .filter(v -> v.getPersistentVolumeClaim() != null)
        .map(v -> client.persistentVolumeClaims().inNamespace(namespace)
            .withName(v.getPersistentVolumeClaim().getClaimName()).get())
        .allMatch(c -> c != null && c.getStatus() != null && "Bound".equals(c.getStatus().getPhase()));
    if (bound) {
      client.pods().inNamespace(namespace).withName(pod.getMetadata().getName()).editStatus(p ->
          new PodBuilder(p).withStatus(status(true)).build());
    }
  }

  private PodStatus status(boolean scheduled) {
    PodStatusBuilder s = new PodStatusBuilder();
    if (!scheduled) {
      return s.withPhase("Pending").addNewCondition().withType("PodScheduled").withStatus("False")
          .withReason("Unschedulable").withMessage("0/3 nodes are available").endCondition()
          .build();
    }
    if (imagePullFails) {
      return s.withPhase("Pending").addToContainerStatuses(new ContainerStatusBuilder()
          .withName("mongod").withImage("mongo:6.0.55").withNewState().withNewWaiting()
          .withReason("ErrImagePull").withMessage("rpc error: manifest for mongo:6.0.55 not"
              + " found").endWaiting().endState().build()).build();
    }
    boolean ready = podsReady;
    return s.withPhase("Running").addNewCondition().withType("Ready")
        .withStatus(ready ? "True" : "False").withLastTransitionTime("2026-01-01T00:00:00Z")
        .endCondition().build();
  }

  /** Prefers the pod's last node, else a schedulable node without a pod of the same group. */
  private Optional<String> schedule(String pod, String group) {
    List<Node> nodes = client.nodes().list().getItems();
    Set<String> schedulable = new HashSet<>();
    for (Node n : nodes) {
      boolean cordoned = Boolean.TRUE.equals(n.getSpec().getUnschedulable());
      boolean tainted = n.getSpec().getTaints() != null && !n.getSpec().getTaints().isEmpty();
      if (!cordoned && !tainted) {
        schedulable.add(n.getMetadata().getName());
      }
    }
    String last = lastNode.get(pod);
    if (last != null && schedulable.contains(last)) {
      return Optional.of(last);
    }
    Set<String> used = new HashSet<>();
    client.pods().inNamespace(namespace).list().getItems().stream()
        .filter(p -> p.getMetadata().getName().startsWith(group.replaceAll("-arbiter$", "")))
        .forEach(p -> used.add(p.getSpec().getNodeName()));
    return nodes.stream().map(n -> n.getMetadata().getName()).filter(schedulable::contains)
        .sorted().filter(n -> !used.contains(n)).findFirst()
        .or(() -> schedulable.stream().sorted().findFirst());
  }

  /** The scheduler for pods no controller of ours owns (e.g. the hook's binder pod). */
  private void scheduleLoosePods() {
    for (Pod p : client.pods().inNamespace(namespace).list().getItems()) {
      Map<String, String> labels = p.getMetadata().getLabels();
      boolean owned = labels != null && (labels.containsKey("refarch/group")
          || labels.containsKey("refarch/job"));
      if (!owned && p.getSpec().getNodeName() == null) {
        Optional<String> node = schedule(p.getMetadata().getName(), p.getMetadata().getName());
        node.ifPresent(n -> client.pods().inNamespace(namespace).withName(p.getMetadata()
            .getName()).edit(x -> new PodBuilder(x).editSpec().withNodeName(n).endSpec().build()));
      }
    }
  }

  private void evictOutOfService() {
    for (Node n : client.nodes().list().getItems()) {
      boolean outOfService = n.getSpec().getTaints() != null && n.getSpec().getTaints().stream()
          .anyMatch(t -> "node.kubernetes.io/out-of-service".equals(t.getKey()));
      if (outOfService) {
        client.pods().inNamespace(namespace).list().getItems().stream()
            .filter(p -> n.getMetadata().getName().equals(p.getSpec().getNodeName()))
            .forEach(p -> client.pods().inNamespace(namespace).resource(p).delete());
      }
    }
  }

  private void bindClaims() {
    for (PersistentVolumeClaim pvc : client.persistentVolumeClaims().inNamespace(namespace)
        .list().getItems()) {
      if (pvc.getStatus() != null && "Bound".equals(pvc.getStatus().getPhase())) {
        continue;
      }
      String name = pvc.getMetadata().getName();
      StorageClass sc = pvc.getSpec().getStorageClassName() == null ? null
          : client.storage().v1().storageClasses().withName(pvc.getSpec().getStorageClassName())
              .get();
      if (sc == null) {
        continue; // no provisioner: stays Pending, as in a real cluster
      }
      boolean used = client.pods().inNamespace(namespace).list().getItems().stream()
          .anyMatch(p -> p.getSpec().getNodeName() != null && p.getSpec().getVolumes() != null
              && p.getSpec().getVolumes().stream().anyMatch(v -> v.getPersistentVolumeClaim() != null
                  && name.equals(v.getPersistentVolumeClaim().getClaimName())));
      if ("WaitForFirstConsumer".equals(sc.getVolumeBindingMode()) && !used) {
        continue;
      }
      String pv = "pvc-" + UUID.randomUUID();
      Quantity size = pvc.getSpec().getResources().getRequests().get("storage");
      client.persistentVolumes().resource(new PersistentVolumeBuilder().withNewMetadata()
          .withName(pv).endMetadata().withNewSpec().addToCapacity("storage", size)
          .withPersistentVolumeReclaimPolicy(Objects.requireNonNullElse(sc.getReclaimPolicy(),
              "Delete"))
          .withNewCsi().withDriver(sc.getProvisioner())
          .withVolumeHandle("fcd-" + volumes.incrementAndGet()).endCsi()
          .withNewClaimRef().withName(name).withNamespace(namespace).endClaimRef()
          .endSpec().build()).create();
      client.persistentVolumeClaims().inNamespace(namespace).withName(name).edit(c ->
          new PersistentVolumeClaimBuilder(c).editSpec().withVolumeName(pv).endSpec().build());
      client.persistentVolumeClaims().inNamespace(namespace).withName(name).editStatus(c ->
          new PersistentVolumeClaimBuilder(c).withNewStatus().withPhase("Bound")
              .addToCapacity("storage", size).endStatus().build());
    }
  }

  private void run(Job job) {
    String jobName = job.getMetadata().getName();
    Set<Integer> present = new HashSet<>();
    for (Pod p : client.pods().inNamespace(namespace).withLabel("refarch/job", jobName).list()
        .getItems()) {
      present.add(Integer.parseInt(p.getMetadata().getAnnotations()
          .get("batch.kubernetes.io/job-completion-index")));
    }
    for (int i = 0; i < job.getSpec().getCompletions(); i++) {
      if (present.contains(i)) {
        continue;
      }
      BiFunction<Pod, Integer, CompletableFuture<JobPod>> async = runningJobPods;
      JobPod outcome = imagePullFails || async != null ? null : jobPods.apply(job, i);
      String name = jobName + "-" + i + "-" + UUID.randomUUID().toString().substring(0, 5);
      Map<String, String> labels = new LinkedHashMap<>(job.getSpec().getTemplate().getMetadata()
          .getLabels());
      labels.put("batch.kubernetes.io/job-completion-index", String.valueOf(i));
      Pod pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(namespace)
          .withUid(UUID.randomUUID().toString()).withLabels(labels)
          .withAnnotations(Map.of("batch.kubernetes.io/job-completion-index", String.valueOf(i)))
          .endMetadata().withSpec(job.getSpec().getTemplate().getSpec()).build();
      pod.getSpec().setNodeName("node-" + (char) ('a' + i % 3));
      client.pods().inNamespace(namespace).resource(pod).create();
      if (outcome == null) {
        Pod started = client.pods().inNamespace(namespace).withName(name).editStatus(p ->
            new PodBuilder(p).withStatus(status(true)).build());
        if (!imagePullFails && async != null) {
          running.put(name, async.apply(started, i));
        }
        continue;
      }
      end(name, outcome);
    }
  }

  /** Ends the Running Job pods whose futures completed; a pod deleted meanwhile is forgotten. */
  private void endRunningJobPods() {
    for (var e : running.entrySet()) {
      if (e.getValue().isDone()) {
        running.remove(e.getKey());
        if (client.pods().inNamespace(namespace).withName(e.getKey()).get() != null) {
          end(e.getKey(), e.getValue().join());
        }
      }
    }
  }

  /** The kubelet's report of a container that ended, and its log. */
  private void end(String pod, JobPod outcome) {
    server.expect().get().withPath("/api/v1/namespaces/" + namespace + "/pods/" + pod
        + "/log?pretty=false").andReturn(200, outcome.log()).always();
    client.pods().inNamespace(namespace).withName(pod).editStatus(p -> new PodBuilder(p)
        .withNewStatus().withPhase(outcome.phase()).addToContainerStatuses(
            new ContainerStatusBuilder().withName("client").withNewState().withNewTerminated()
                .withExitCode(outcome.exitCode()).endTerminated().endState().build())
        .endStatus().build());
  }

  /** A pod named {@code name} with a {@code mongod} container and its Ready condition True. */
  public static Pod readyMongodPod(String name) {
    return new PodBuilder().withNewMetadata().withName(name).endMetadata()
        .withNewSpec().addNewContainer().withName("mongod").endContainer().endSpec()
        .withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition()
        .endStatus().build();
  }

  /** Which node each StatefulSet pod was last scheduled on. */
  public Map<String, String> lastNodes() {
    return new HashMap<>(lastNode);
  }

  @Override
  public void close() {
    closing = true;
    // no shutdownNow: an interrupt in the middle of an API call would leave it half done
    loop.shutdown();
    try {
      loop.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    client.close();
  }
}
