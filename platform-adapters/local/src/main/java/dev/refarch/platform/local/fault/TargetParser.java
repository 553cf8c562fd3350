package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Parses fault targets against a deployment's layout: {@code primary}, {@code secondary},
 * {@code arbiter}, a member name ({@code rs0-1}), or either prefixed by a replica set
 * ({@code shard0/primary}, {@code config/rs0-0}). A bare role needs exactly one replica set (or a
 * standalone, whose only role is {@code primary}).
 *
 * <p>Immutable and thread-safe. Only checks what the layout allows; which member holds a role is
 * decided when the fault fires.
 */
public final class TargetParser {

  static final List<String> ROLES = List.of("primary", "secondary", "arbiter");

  private final Map<String, MemberSpec> members = new LinkedHashMap<>();
  private final Map<String, List<MemberSpec>> groups = new LinkedHashMap<>();

  public TargetParser(List<MemberSpec> specs) {
    for (MemberSpec spec : specs) {
      members.put(spec.name(), spec);
      if (spec.group() != null) {
        groups.computeIfAbsent(spec.group(), g -> new ArrayList<>()).add(spec);
      }
    }
  }

  /**
   * The target {@code text} names.
   *
   * @throws ConfigurationException for an unknown group, role or member, listing the allowed
   */
  public FaultTarget parse(String text) {
    String t = text.trim();
    int slash = t.indexOf('/');
    if (slash >= 0) {
      String group = t.substring(0, slash);
      String selector = t.substring(slash + 1);
      if (!groups.containsKey(group)) {
        throw invalid(text, "unknown replica set '" + group + "'");
      }
      return select(text, group, selector);
    }
    MemberSpec named = members.get(t);
    if (named != null) {
      return new FaultTarget(text, named.group(), null, named.name());
    }
    if (ROLES.contains(t.toLowerCase(Locale.ROOT))) {
      if (groups.size() != 1) {
        throw invalid(text, "several replica sets: prefix the role with one, e.g. "
            + groups.keySet().iterator().next() + "/" + t);
      }
      return select(text, groups.keySet().iterator().next(), t);
    }
    throw invalid(text, null);
  }

  private FaultTarget select(String text, String group, String selector) {
    String role = selector.toLowerCase(Locale.ROOT);
    if (ROLES.contains(role)) {
      if (!rolesOf(group).contains(role)) {
        throw invalid(text, group + " has no " + role);
      }
      return new FaultTarget(text, group, role, null);
    }
    MemberSpec named = members.get(selector);
    if (named == null || !group.equals(named.group())) {
      throw invalid(text, "no member '" + selector + "' in " + group);
    }
    return new FaultTarget(text, group, null, named.name());
  }

  /** The roles a replica set can have: a secondary needs two data members, an arbiter one. */
  Set<String> rolesOf(String group) {
    List<MemberSpec> specs = groups.get(group);
    Set<String> roles = new LinkedHashSet<>(List.of("primary"));
    if (specs.stream().filter(s -> s.role().bearsData()).count() > 1) {
      roles.add("secondary");
    }
    if (specs.stream().anyMatch(s -> s.role() == Role.ARBITER)) {
      roles.add("arbiter");
    }
    return roles;
  }

  /** Every allowed target form, for error messages. */
  public String allowed() {
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
