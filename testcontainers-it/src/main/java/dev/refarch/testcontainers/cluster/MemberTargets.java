package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses fault targets against a container cluster's layout, in the local provisioner's forms:
 * {@code primary} or {@code secondary} (when there is one replica set), a member name
 * ({@code rs0-1}, {@code mongos-0}), or either prefixed by a replica set ({@code shard0/primary},
 * {@code config/config-0}).
 *
 * <p>Immutable and thread-safe. Only checks what the layout allows; which member holds a role is
 * decided when the fault fires.
 */
final class MemberTargets {

  /** A parsed target: a role in a replica set, or one member by name. */
  record Target(String text, String group, String role, String member) {
    boolean isRole() {
      return role != null;
    }
  }

  private final Map<String, NodeSpec> members = new LinkedHashMap<>();
  private final Map<String, List<NodeSpec>> groups = new LinkedHashMap<>();

  MemberTargets(List<NodeSpec> specs) {
    for (NodeSpec spec : specs) {
      members.put(spec.name(), spec);
      if (spec.group() != null) {
        groups.computeIfAbsent(spec.group(), g -> new ArrayList<>()).add(spec);
      }
    }
  }

  /**
   * The target {@code text} names.
   *
   * @throws ConfigurationException for an unknown replica set, role or member, listing the
   *     allowed forms
   */
  Target parse(String text) {
    String t = text.trim();
    int slash = t.indexOf('/');
    if (slash >= 0) {
      String group = t.substring(0, slash);
      if (!groups.containsKey(group)) {
        throw invalid(text, "unknown replica set '" + group + "'");
      }
      return select(text, group, t.substring(slash + 1));
    }
    NodeSpec named = members.get(t);
    if (named != null) {
      return new Target(text, named.group(), null, named.name());
    }
    if (rolesOf(null).contains(t.toLowerCase(Locale.ROOT))) {
      if (groups.size() != 1) {
        throw invalid(text, "several replica sets: prefix the role with one, e.g. "
            + groups.keySet().stream().filter(g -> !g.equals(ContainerPlan.CONFIG)).findFirst()
                .orElse(ContainerPlan.CONFIG) + "/" + t);
      }
      return select(text, groups.keySet().iterator().next(), t);
    }
    throw invalid(text, null);
  }

  private Target select(String text, String group, String selector) {
    String role = selector.toLowerCase(Locale.ROOT);
    if (rolesOf(null).contains(role)) {
      if (!rolesOf(group).contains(role)) {
        throw invalid(text, group + " has no " + role);
      }
      return new Target(text, group, role, null);
    }
    NodeSpec named = members.get(selector);
    if (named == null || !group.equals(named.group())) {
      throw invalid(text, "no member '" + selector + "' in " + group);
    }
    return new Target(text, group, null, named.name());
  }

  /** The roles a set can name: a secondary needs two data members. {@code null}: any set. */
  List<String> rolesOf(String group) {
    if (group == null) {
      return List.of("primary", "secondary");
    }
    long data = groups.get(group).stream().filter(s -> s.role() != NodeSpec.Role.ARBITER).count();
    return data > 1 ? List.of("primary", "secondary") : List.of("primary");
  }

  /** The members of {@code group}, in order. */
  List<NodeSpec> group(String group) {
    return groups.getOrDefault(group, List.of());
  }

  NodeSpec member(String name) {
    return members.get(name);
  }

  /** Every allowed target form, for error messages. */
  String allowed() {
    List<String> forms = new ArrayList<>();
    if (groups.size() == 1) {
      forms.addAll(rolesOf(groups.keySet().iterator().next()));
    }
    groups.keySet().forEach(g -> rolesOf(g).forEach(r -> forms.add(g + "/" + r)));
    forms.addAll(members.keySet());
    return String.join(", ", forms);
  }

  private ConfigurationException invalid(String text, String hint) {
    return new ConfigurationException("fault.target", text, allowed(), hint);
  }
}
