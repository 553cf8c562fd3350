package dev.refarch.platform.kubernetes.fault;

import java.util.List;
import java.util.Map;

/**
 * Tells which pod of a replica set is primary, secondary or arbiter right now, as a live member
 * of the set reports it. Kubernetes does not know MongoDB roles; the default asks
 * a member over a port-forward ({@link ForwardedMemberRoles}); tests supply their own.
 *
 * <p>Implementations are thread-safe.
 */
@FunctionalInterface
public interface MemberRoles {

  /**
   * The roles of the members of one replica set.
   *
   * @param namespace where the pods run
   * @param replicaSet the set's name, e.g. {@code rs0}, {@code shard1}, {@code cfg}
   * @param pods the set's pods (data members and arbiter), any of which may be asked
   * @return pod name → {@code primary}, {@code secondary} or {@code arbiter}; members the set
   *     does not report as such are left out
   */
  Map<String, String> roles(String namespace, String replicaSet, List<String> pods);
}
