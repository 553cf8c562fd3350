package dev.refarch.platform.kubernetes.topology;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Optional;

/**
 * What makes running pods a MongoDB deployment: initiating replica sets, creating the user,
 * adding shards. The default does it through port-forwards ({@link #THROUGH_PORT_FORWARDS});
 * tests against a stand-in API server, where no pod runs {@code mongod}, supply their own.
 *
 * <p>Implementations are thread-safe.
 */
@FunctionalInterface
public interface MemberSetup {

  /** Initiates, creates the user and adds shards through port-forwards ({@link ReplicaSets}). */
  MemberSetup THROUGH_PORT_FORWARDS = (client, layout, credentials, timeout) ->
      new ReplicaSets(client, layout, credentials, timeout).setUp();

  /**
   * Sets the deployment up once its pods run, and returns when every member serves.
   *
   * @param credentials the key file and user; empty without authentication
   * @param timeout how long each step may take
   */
  void setUp(KubernetesClient client, ClusterLayout layout, Optional<Credentials> credentials,
      Duration timeout);
}
