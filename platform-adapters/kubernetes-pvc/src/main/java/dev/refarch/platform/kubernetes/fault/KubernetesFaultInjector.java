package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Nodes;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.kubernetes.api.Waits;
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
 * and either gets the out-of-service taint — Kubernetes then deletes its pods and detaches their
 * volumes — or has the pod deleted), plus {@code restore-node} to put nodes back. With
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
  private final Targets targets;
  private final Duration defaultTimeout;
  private final List<PodRecovery> recoveries = new ArrayList<>();
  private final Set<String> nodesOut = new LinkedHashSet<>();

  /**
   * @param roles tells primaries from secondaries, e.g. {@link ExecMemberRoles}
   * @param trial the trial whose label goes on changed nodes' annotation
   * @param defaultTimeout the timeout of faults that set no {@code timeoutSeconds}
   */
  public KubernetesFaultInjector(KubernetesClient client, ClusterLayout layout, MemberRoles roles,
      String trial, Duration defaultTimeout) {
    this.client = client;
    this.layout = layout;
    this.trial = trial;
    this.targets = new Targets(layout, roles);
    this.defaultTimeout = defaultTimeout;
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
    Targets.Resolved target = targets.resolve(fault.target());
    String ns = layout.namespace();
    Pod before = ApiErrors.call("read pod " + ns + "/" + target.pod(),
        () -> client.pods().inNamespace(ns).withName(target.pod()).get());
    if (before == null) {
      throw new PlatformException(request.action().label() + " " + fault.target(),
          "pod " + ns + "/" + target.pod() + " does not exist (a fault before it came back?)");
    }
    String node = PodStatuses.node(before);
    String what;
    // the fault's time is taken just before the call that makes it: the server applies it before
    // its answer returns, so a time taken after would shorten the measured recovery
    long faultAt;
    if (request.action() == Action.DELETE_POD) {
      faultAt = System.currentTimeMillis();
      deletePod(target.pod(), request);
      what = "deleted pod " + target.pod();
    } else {
      if (before.getSpec().getNodeName() == null) {
        throw new PlatformException("node-failure " + fault.target(), "pod " + target.pod()
            + " is not scheduled on a node");
      }
      boolean taint = request.mode() == NodeMode.OUT_OF_SERVICE;
      faultAt = System.currentTimeMillis();
      Set<String> changes = Nodes.takeOutOfService(client, node, trial, taint);
      nodesOut.add(node);
      if (!taint) {
        faultAt = System.currentTimeMillis();
        deletePod(target.pod(), request);
      }
      what = "took node " + node + " out of service (" + (changes.isEmpty() ? "already"
          : String.join(" + ", changes)) + (taint ? "" : " + pod deleted") + ")";
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

  private void deletePod(String pod, FaultRequest request) {
    ApiErrors.run("delete pod " + layout.namespace() + "/" + pod, () -> {
      var resource = client.pods().inNamespace(layout.namespace()).withName(pod);
      if (request.gracePeriodSeconds().isPresent()) {
        resource.withGracePeriod(request.gracePeriodSeconds().get()).delete();
      } else {
        resource.delete();
      }
    });
  }

  /** Waits for a pod of the same name but a new uid to be Ready. */
  private PodRecovery awaitRecovery(Targets.Resolved target, Pod before, String nodeBefore,
      long faultAt, Duration timeout) {
    String oldUid = before.getMetadata().getUid();
    String what = "pod " + layout.namespace() + "/" + target.pod() + " recreated and Ready";
    Pod ready = Waits.until(what, timeout, () -> {
      Pod p = client.pods().inNamespace(layout.namespace()).withName(target.pod()).get();
      if (p == null || p.getMetadata().getUid() == null
          || p.getMetadata().getUid().equals(oldUid) || p.getMetadata().getDeletionTimestamp() != null) {
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

  /** Puts back every node a fault took out of service; idempotent. */
  public synchronized List<String> restoreNodes() {
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
