package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
import java.util.List;
import java.util.Map;

/**
 * Resolves a fault's target to a pod when the fault fires, in the one grammar of
 * {@link FaultTargets}: a pod's name ({@code refarch-rs0-1}), a role of the only replica set
 * ({@code primary}, {@code secondary}, {@code secondary:2}, {@code arbiter}), or a role of a named
 * set ({@code shard1/primary}, {@code cfg/secondary}). Roles are asked of the set's live members.
 * A standalone {@code mongod} forms no replica set here: name its pod.
 *
 * <p>Thread-safe.
 */
final class PodTargets {

  private final ClusterLayout layout;
  private final MemberRoles roles;
  private final FaultTargets grammar;

  PodTargets(ClusterLayout layout, MemberRoles roles) {
    this.layout = layout;
    this.roles = roles;
    this.grammar = layout.faultTargets();
  }

  /**
   * A resolved target.
   *
   * @param pod the pod's name
   * @param role the role it had ({@code secondary:2} as written), or {@code member} when named
   *     directly
   */
  record Resolved(String pod, String role) {
  }

  /** The pod {@code text} names now; its form is checked before anyone is asked. */
  Resolved resolve(String text) {
    FaultTarget target = grammar.parse(text);
    if (!target.isRole()) {
      return new Resolved(target.member(), "member");
    }
    String set = target.replicaSet();
    List<String> pods = layout.membersOf(set).stream().flatMap(g -> g.pods().stream()).toList();
    Map<String, String> seen = roles.roles(layout.namespace(), set, pods);
    return target.pick(seen.entrySet().stream()
            .filter(e -> target.role().label().equals(e.getValue()))
            .map(Map.Entry::getKey).toList())
        .map(pod -> new Resolved(pod, target.describe()))
        .orElseThrow(() -> new PlatformException("find the " + target.describe() + " of " + set,
            "no member of " + set + " is " + target.describe() + " now; roles seen: " + seen));
  }
}
