package dev.refarch.platform.kubernetes.fault;

import com.mongodb.MongoCredential;
import dev.refarch.platform.kubernetes.api.Members;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;

/**
 * Asks a Ready member of the set, through a port-forward ({@link Members}), what
 * {@code hello} says: the primary, the data-bearing hosts and the arbiters. Hosts are the pods'
 * stable DNS names, so the first label is the pod's name.
 *
 * <p>Thread-safe; each call opens one forward to the first member that answers.
 */
public final class ForwardedMemberRoles implements MemberRoles {

  private final KubernetesClient client;
  private final Members members;
  private final Optional<MongoCredential> credential;

  /** @param credential the deployment's user; empty when it runs without authentication */
  public ForwardedMemberRoles(KubernetesClient client, Optional<MongoCredential> credential) {
    this.client = client;
    this.members = new Members(client);
    this.credential = credential;
  }

  @Override
  public Map<String, String> roles(String namespace, String replicaSet, List<String> pods) {
    List<String> tried = new ArrayList<>();
    for (String name : pods) {
      Pod pod = client.pods().inNamespace(namespace).withName(name).get();
      if (pod == null || !PodStatuses.ready(pod)) {
        tried.add(name + " (" + (pod == null ? "absent" : "not Ready") + ")");
        continue;
      }
      try (Members.Member m = members.open(namespace, name, credential)) {
        return roles(m.admin("hello"));
      } catch (RuntimeException e) {
        tried.add(name + " (" + e.getMessage() + ")");
      }
    }
    throw new PlatformException("find the roles of replica set " + replicaSet,
        "no member answered hello: " + String.join(", ", tried));
  }

  /** Reads a {@code hello} reply into pod → role. */
  static Map<String, String> roles(Document hello) {
    Map<String, String> roles = new LinkedHashMap<>();
    hello.getList("hosts", String.class, List.of()).forEach(h -> roles.put(podOf(h), "secondary"));
    hello.getList("arbiters", String.class, List.of()).forEach(h -> roles.put(podOf(h), "arbiter"));
    Optional.ofNullable(hello.getString("primary")).ifPresent(p -> roles.put(podOf(p), "primary"));
    return roles;
  }

  private static String podOf(String host) {
    int dot = host.indexOf('.');
    int colon = host.indexOf(':');
    int end = dot >= 0 ? dot : colon >= 0 ? colon : host.length();
    return host.substring(0, end);
  }
}
