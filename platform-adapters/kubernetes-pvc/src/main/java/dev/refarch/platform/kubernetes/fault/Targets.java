package dev.refarch.platform.kubernetes.fault;

import dev.refarch.platform.kubernetes.topology.ClusterLayout;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Group;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves a fault's target to a pod when the fault fires: a pod's name ({@code refarch-rs0-1}),
 * a role of the default replica set ({@code primary}, {@code secondary}, {@code arbiter} — the
 * set {@code rs0}, or {@code shard0} of a sharded cluster), or a role of a named set
 * ({@code shard1/primary}, {@code cfg/primary}). Roles are asked of the set's live members.
 *
 * <p>Thread-safe.
 */
final class Targets {

  private static final Set<String> ROLES = Set.of("primary", "secondary", "arbiter");

  private final ClusterLayout layout;
  private final MemberRoles roles;

  Targets(ClusterLayout layout, MemberRoles roles) {
    this.layout = layout;
    this.roles = roles;
  }

  /**
   * A resolved target.
   *
   * @param pod the pod's name
   * @param role the role it had, or {@code member} when named directly
   */
  record Resolved(String pod, String role) {
  }

  /** Checks the target's form without asking anyone; the form errors come before any change. */
  void check(String target) {
    if (layout.pods().contains(target)) {
      return;
    }
    int slash = target.indexOf('/');
    String set = slash < 0 ? defaultSet() : target.substring(0, slash);
    String role = target.substring(slash + 1);
    if (set == null || !ROLES.contains(role) || !replicaSets().contains(set)) {
      List<String> allowed = new ArrayList<>(layout.pods());
      if (defaultSet() != null) {
        allowed.addAll(0, List.of("primary", "secondary", "arbiter"));
      }
      replicaSets().forEach(s -> allowed.add(s + "/primary"));
      throw new ConfigurationException("fault.target", target, String.join(", ", allowed)
          + " (also <set>/secondary, <set>/arbiter)", Suggestions.closest(target, allowed)
          .map(c -> "did you mean '" + c + "'?").orElse(null));
    }
  }

  Resolved resolve(String target) {
    check(target);
    if (layout.pods().contains(target)) {
      return new Resolved(target, "member");
    }
    int slash = target.indexOf('/');
    String set = slash < 0 ? defaultSet() : target.substring(0, slash);
    String role = target.substring(slash + 1);
    List<String> pods = layout.membersOf(set).stream().flatMap(g -> g.pods().stream()).toList();
    Map<String, String> seen = roles.roles(layout.namespace(), set, pods);
    return seen.entrySet().stream().filter(e -> role.equals(e.getValue())).map(Map.Entry::getKey)
        .sorted().findFirst().map(pod -> new Resolved(pod, role))
        .orElseThrow(() -> new PlatformException("find the " + role + " of " + set,
            "no member of " + set + " is " + role + " now; roles seen: " + seen));
  }

  /** The set plain roles refer to: {@code rs0}, or {@code shard0} of a sharded cluster. */
  private String defaultSet() {
    return layout.groups().stream()
        .filter(g -> g.kind() == Kind.DATA || g.kind() == Kind.SHARD)
        .map(Group::replicaSet).findFirst().orElse(null);
  }

  private Set<String> replicaSets() {
    Set<String> sets = new LinkedHashSet<>();
    layout.groups().stream().map(Group::replicaSet).filter(s -> !s.isEmpty()).forEach(sets::add);
    return sets;
  }
}
