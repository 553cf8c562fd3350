package dev.refarch.platform.kubernetes.telemetry;

import dev.refarch.platform.kubernetes.KubernetesCluster;
import dev.refarch.platform.spi.PlatformState;
import dev.refarch.platform.spi.telemetry.CounterRates;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A source over the member pods of a Kubernetes cluster this adapter started, read from their
 * kubelets: the members are the pods the cluster's state names ({@code member.<pod>.node}).
 * Used from one thread.
 */
abstract class PodSource implements TelemetrySource {

  /** Makes a source once the target is known to be such a cluster. */
  interface Factory {
    PodSource create(KubernetesClient client, String namespace, Map<String, String> nodes);
  }

  final KubernetesClient client;
  final String namespace;
  /** Member pod to the node it ran on when the trial started. */
  final Map<String, String> nodes;
  final CounterRates rates = new CounterRates();

  PodSource(KubernetesClient client, String namespace, Map<String, String> nodes) {
    this.client = client;
    this.namespace = namespace;
    this.nodes = nodes;
  }

  /** A source made by {@code factory} when {@code target} is a cluster this adapter started. */
  static Optional<TelemetrySource> open(TelemetryTarget target, Factory factory) {
    return target.cluster().filter(KubernetesCluster.class::isInstance)
        .map(KubernetesCluster.class::cast)
        .map(c -> factory.create(c.client(), c.namespace(), nodes(target.state().get()
            .of(KubernetesCluster.COMPONENT))));
  }

  /** Member pod to the node it ran on when the trial started. */
  static Map<String, String> nodes(Map<String, String> facts) {
    Map<String, String> nodes = new TreeMap<>(PlatformState.memberFacts(facts, "node"));
    nodes.values().removeIf(node -> node.startsWith("(")); // "(absent)": no pod to read
    return nodes;
  }

  @Override
  public List<String> watches() {
    return List.copyOf(nodes.keySet());
  }
}
