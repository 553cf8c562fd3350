package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Nodes;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.kubernetes.api.Waits;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.fault.FaultRequest.Action;
import dev.refarch.platform.kubernetes.fault.FaultRequest.NodeMode;
import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Breaks a MongoDB deployment on Kubernetes the way study B4 did: {@code delete-pod} (the
 * primary's pod, or any member's) and {@code node-failure} (the node under a member is cordoned
 * and has the pod deleted; or, opted into with {@code mode=out-of-service}, gets the
 * out-of-service taint — Kubernetes then deletes every untolerated pod there, the trial's or not,
 * and detaches their volumes; or, {@code mode=stop-kubelet}, the node fails as in a power
 * loss through {@code k8s.node.stopCommand} and returns after {@code downSeconds}), plus
 * {@code restore-node} to put nodes back. By default faults touch only the target's pod and
 * its node's schedulability; the taint is the one wider action, and it is named as such. The
 * local clusters' vocabulary works too, as Kubernetes performs it: {@code kill} deletes the
 * target's pod at once (grace period 0: SIGKILL) and returns, {@code restart} waits until the
 * pods killed come back Ready (their StatefulSet recreates them) and measures it. With
 * {@code awaitReady} (the default) {@link #inject} then waits until the StatefulSet's new pod is
 * Ready and records a {@link PodRecovery}: the time from the fault to Ready, measured from the
 * Kubernetes side, which the event also carries as {@code durationsMs} {@code podReady}. The time
 * until operations resume is the clients' to measure, from their timeline and the event's time.
 *
 * <p>Thread-safe: faults run one at a time. Nodes taken out of service are remembered (and
 * annotated) and put back by {@link #restoreNodes}, which the cluster's {@code close} calls.
 *
 * <pre>{@code
 * FaultEvent e = cluster.faults().inject(Fault.of("node-failure", "primary"));
 * long ms = e.durationsMs().get("podReady");
 * String node = ((KubernetesFaultInjector) cluster.faults()).recoveries().get(0).nodeAfter();
 * }</pre>
 */
public final class KubernetesFaultInjector implements FaultInjector {

  private final KubernetesClient client;
  private final ClusterLayout layout;
  private final String trial;
  private final PodTargets targets;
  private final Duration defaultTimeout;
  private final List<PodRecovery> recoveries = new ArrayList<>();
  private final Set<String> nodesOut = new LinkedHashSet<>();
  private final NodeFailures nodeFailures;
  private final Map<String, Killed> killed = new LinkedHashMap<>();

  /**
   * @param roles tells primaries from secondaries, e.g. {@link ForwardedMemberRoles}
   * @param settings the trial (whose label goes on changed nodes' annotation), the timeout of
   *     faults that set no {@code timeoutSeconds}, and the node commands
   */
  public KubernetesFaultInjector(KubernetesClient client, ClusterLayout layout, MemberRoles roles,
      K8sSettings settings) {
    this.client = client;
    this.layout = layout;
    this.trial = settings.trial();
    this.targets = new PodTargets(layout, roles);
    this.defaultTimeout = settings.timeout();
    this.nodeFailures = new NodeFailures(settings.node());
  }

  /** The pod of {@code replicaSet}'s primary now, asked of its members. */
  public String primaryPod(String replicaSet) {
    return targets.resolve(replicaSet + "/primary").pod();
  }

  @Override
  public String name() {
    return "kubernetes";
  }

  @Override
  public Set<String> actions() {
    return new LinkedHashSet<>(Action.labels());
  }

  @Override
  public List<String> members() {
    return layout.pods();
  }

  @Override
  public synchronized FaultEvent inject(Fault fault) {
    FaultRequest request = FaultRequest.parse(fault, defaultTimeout);
    if (request.action() == Action.RESTORE_NODE) {
      return restore(fault.target());
    }
    if (request.action() == Action.RESTART) {
      return restart(fault.target(), request);
    }
    PodTargets.Resolved target = targets.resolve(fault.target());
    String ns = layout.namespace();
    Pod before = ApiErrors.call("read pod " + ns + "/" + target.pod(),
        () -> client.pods().inNamespace(ns).withName(target.pod()).get());
    if (before == null) {
      throw new PlatformException(request.action().label() + " " + fault.target(),
          "pod " + ns + "/" + target.pod() + " does not exist (a fault before it came back?)");
    }
    String node = PodStatuses.node(before);
    Made made = make(request, target, before, node);
    long faultAt = made.at();
    String what = made.what();
    if (request.action() == Action.KILL) {
      killed.put(target.pod(), new Killed(target, before, node, faultAt));
    }
    String detail = what + "; pod " + target.pod() + " (" + target.role() + ") was on " + node;
    Map<String, Long> durations = new LinkedHashMap<>();
    if (request.awaitReady()) {
      PodRecovery r = awaitRecovery(target, before, node, faultAt, request.timeout());
      recoveries.add(r);
      detail += "; Ready again on " + r.nodeAfter() + " after " + r.readyAfterMs() + " ms";
      durations.put(PodRecovery.POD_READY, r.readyAfterMs());
    }
    return new FaultEvent(faultAt, request.action().label(), fault.target(), target.pod(), detail,
        durations);
  }

  /** What a fault did, and when: the time is taken just before the call that makes it. */
  private record Made(long at, String what) {
  }

  /** A pod {@code kill} deleted, for {@code restart} to wait for. */
  private record Killed(PodTargets.Resolved target, Pod before, String node, long at) {
  }

  // the server applies a change before its answer returns, so a time taken after the call
  // would shorten the measured recovery
  private Made make(FaultRequest request, PodTargets.Resolved target, Pod before, String node) {
    String pod = target.pod();
    switch (request.action()) {
      case DELETE_POD, KILL -> {
        long at = System.currentTimeMillis();
        deletePod(pod, request);
        return new Made(at, request.action() == Action.KILL ? "killed pod " + pod
            + " (deleted with grace period 0; its StatefulSet recreates it)" : "deleted pod " + pod);
      }
      default -> {
        return request.mode() == NodeMode.STOP_KUBELET ? stopNode(request, pod, node)
            : takeOut(request, before, pod, node);
      }
    }
  }

  private Made stopNode(FaultRequest request, String pod, String node) {
    long at = System.currentTimeMillis();
    nodeFailures.stop(node, layout.namespace() + "/" + pod);
    long stopped = System.currentTimeMillis();
    sleep(request.down());
    long starting = System.currentTimeMillis();
    nodeFailures.start(node);
    return new Made(at, "stopped node " + node + " (kubelet and the containers of " + pod
        + ", in " + (stopped - at) + " ms), returned it after " + request.down().toSeconds()
        + " s (in " + (System.currentTimeMillis() - starting) + " ms)");
  }

  private Made takeOut(FaultRequest request, Pod before, String pod, String node) {
    if (before.getSpec().getNodeName() == null) {
      throw new PlatformException("node-failure " + pod, "pod " + pod + " is not scheduled on a"
          + " node");
    }
    boolean taint = request.mode() == NodeMode.OUT_OF_SERVICE;
    long at = System.currentTimeMillis();
    Set<String> changes = Nodes.takeOutOfService(client, node, trial, taint);
    nodesOut.add(node);
    if (!taint) {
      at = System.currentTimeMillis();
      deletePod(pod, request);
    }
    return new Made(at, "took node " + node + " out of service (" + (changes.isEmpty()
        ? "already" : String.join(" + ", changes)) + (taint ? "" : " + pod deleted") + ")");
  }

  /**
   * Waits until the pods {@code kill} deleted are back and Ready — all of them, or the one
   * {@code target} names — and records their recoveries.
   */
  private FaultEvent restart(String target, FaultRequest request) {
    List<Killed> which = killed.values().stream().filter(k -> !layout.pods().contains(target)
        || k.target().pod().equals(target)).toList();
    Map<String, Long> durations = new LinkedHashMap<>();
    List<String> back = new ArrayList<>();
    for (Killed k : which) {
      PodRecovery r = awaitRecovery(k.target(), k.before(), k.node(), k.at(), request.timeout());
      recoveries.add(r);
      killed.remove(k.target().pod());
      durations.putIfAbsent(PodRecovery.POD_READY, r.readyAfterMs());
      back.add(r.pod() + " Ready again on " + r.nodeAfter() + " after " + r.readyAfterMs()
          + " ms");
    }
    return new FaultEvent(System.currentTimeMillis(), Action.RESTART.label(), target,
        which.isEmpty() ? "" : which.get(0).target().pod(), back.isEmpty()
            ? "no killed pod to wait for" : String.join("; ", back), durations);
  }

  private void deletePod(String pod, FaultRequest request) {
    ApiErrors.run("delete pod " + layout.namespace() + "/" + pod, () -> {
      var resource = client.pods().inNamespace(layout.namespace()).withName(pod);
      if (request.action() == Action.KILL) {
        resource.withGracePeriod(0).delete();
      } else if (request.gracePeriodSeconds().isPresent()) {
        resource.withGracePeriod(request.gracePeriodSeconds().get()).delete();
      } else {
        resource.delete();
      }
    });
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("node-failure", "interrupted while the node was down", e);
    }
  }

  /**
   * Waits for the pod to be Ready again: a new pod of the same name (new uid), or — after a
   * stop-kubelet failure, which keeps the pod — the same pod with its containers restarted.
   */
  private PodRecovery awaitRecovery(PodTargets.Resolved target, Pod before, String nodeBefore,
      long faultAt, Duration timeout) {
    String oldUid = before.getMetadata().getUid();
    int oldRestarts = PodStatuses.restarts(before);
    String what = "pod " + layout.namespace() + "/" + target.pod() + " back and Ready";
    Pod ready = Waits.until(what, timeout, () -> {
      Pod p = client.pods().inNamespace(layout.namespace()).withName(target.pod()).get();
      boolean same = p != null && oldUid.equals(p.getMetadata().getUid());
      if (p == null || p.getMetadata().getUid() == null || p.getMetadata().getDeletionTimestamp() != null
          || same && PodStatuses.restarts(p) <= oldRestarts) {
        return Waits.pending(p == null ? "deleted, not recreated yet"
            : "old pod still there (" + PodStatuses.describe(p) + ")");
      }
      PodStatuses.stuck(p).ifPresent(reason -> {
        throw new PlatformException("wait for " + what, reason + "; fix: check k8s.mongodb.image"
            + " and k8s.imagePullSecret");
      });
      return PodStatuses.ready(p) ? Waits.done(p) : Waits.pending(PodStatuses.describe(p));
    });
    return new PodRecovery(target.pod(), target.role(), nodeBefore, PodStatuses.node(ready),
        faultAt, System.currentTimeMillis());
  }

  private FaultEvent restore(String target) {
    List<String> restored;
    if ("all".equals(target)) {
      restored = Nodes.restoreAll(client, trial);
      nodesOut.clear();
    } else {
      if (!nodesOut.contains(target)) {
        throw new ConfigurationException("fault.target", target, "all, or a node a fault took out"
            + " of service: " + (nodesOut.isEmpty() ? "(none)" : String.join(", ", nodesOut)));
      }
      Nodes.restore(client, target);
      nodesOut.remove(target);
      restored = List.of(target);
    }
    return new FaultEvent(System.currentTimeMillis(), Action.RESTORE_NODE.label(), target,
        String.join(",", restored), "put back in service: " + (restored.isEmpty() ? "none"
            : String.join(", ", restored)));
  }

  /** Every recovery measured so far, in order. */
  public synchronized List<PodRecovery> recoveries() {
    return List.copyOf(recoveries);
  }

  /** Puts back every node a fault took out of service or stopped; idempotent. */
  public synchronized List<String> restoreNodes() {
    nodeFailures.startAll();
    List<String> restored = Nodes.restoreAll(client, trial);
    nodesOut.clear();
    return restored;
  }

  /** The recoveries as platform-state facts: {@code fault.1.podReadyAfterMs} … */
  public synchronized Map<String, String> facts() {
    Map<String, String> f = new TreeMap<>();
    for (int i = 0; i < recoveries.size(); i++) {
      f.putAll(recoveries.get(i).facts("fault." + (i + 1) + "."));
    }
    if (!nodesOut.isEmpty()) {
      f.put("nodesOutOfService", String.join(",", nodesOut));
    }
    return f;
  }
}
