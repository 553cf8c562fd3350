package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.api.MongoShell;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks a Ready member of the set, through {@code kubectl exec}'s API ({@code pods/exec}), what
 * {@code db.hello()} says: the primary, the data-bearing hosts and the arbiters. Hosts are the
 * pods' stable DNS names, so the first label is the pod's name.
 *
 * <p>Thread-safe; each call runs one {@code mongosh} in the first member that answers.
 */
public final class ExecMemberRoles implements MemberRoles {

  /** Prints one {@code key=host} line per fact, so no JSON parser is needed on either side. */
  static final String SCRIPT = "const h = db.hello(); print('primary=' + (h.primary || ''));"
      + " (h.hosts || []).forEach(x => print('host=' + x));"
      + " (h.arbiters || []).forEach(x => print('arbiter=' + x));";

  private final KubernetesClient client;
  private final MongoShell shell;

  public ExecMemberRoles(KubernetesClient client, String container) {
    this.client = client;
    this.shell = new MongoShell(client, container);
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
      try {
        return parse(shell.eval(namespace, name, List.of(), SCRIPT));
      } catch (RuntimeException e) {
        tried.add(name + " (" + e.getMessage() + ")");
      }
    }
    throw new PlatformException("find the roles of replica set " + replicaSet,
        "no member answered db.hello(): " + String.join(", ", tried));
  }

  /** Reads the script's output into pod → role. */
  static Map<String, String> parse(String output) {
    Map<String, String> roles = new LinkedHashMap<>();
    String primary = null;
    for (String line : output.split("\\R")) {
      int eq = line.indexOf('=');
      if (eq < 0 || eq == line.length() - 1) {
        continue;
      }
      String key = line.substring(0, eq).trim();
      String pod = podOf(line.substring(eq + 1).trim());
      switch (key) {
        case "primary" -> primary = pod;
        case "host" -> roles.putIfAbsent(pod, "secondary");
        case "arbiter" -> roles.put(pod, "arbiter");
        default -> {
          // other lines (warnings of mongosh) carry no role
        }
      }
    }
    if (primary != null) {
      roles.put(primary, "primary");
    }
    return roles;
  }

  private static String podOf(String host) {
    int dot = host.indexOf('.');
    int colon = host.indexOf(':');
    int end = dot >= 0 ? dot : colon >= 0 ? colon : host.length();
    return host.substring(0, end);
  }
}
