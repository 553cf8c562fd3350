package dev.refarch.platform.spi;

import dev.refarch.platform.spi.FaultTarget.Role;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The one grammar of fault targets, shared by every fault injector that breaks members of a
 * cluster (local processes, containers, Kubernetes pods):
 *
 * <pre>
 * target := member | role | replicaSet "/" member | replicaSet "/" role
 * role   := "primary" | "secondary" [":" n] | "arbiter"
 * </pre>
 *
 * <ul>
 *   <li>a <b>member</b> is named as the cluster names it ({@code rs0-1}, {@code mongos-0},
 *       {@code refarch-rs0-2});
 *   <li>a <b>role</b> is asked of the live members when the fault fires: {@code primary};
 *       {@code secondary}, the secondary with the lowest member name, and {@code secondary:n} the
 *       n-th by name (n from 1; {@code secondary:1} is {@code secondary}); {@code arbiter}. Roles
 *       are case-insensitive;
 *   <li>a bare role needs exactly one replica set in the cluster; with several (a sharded
 *       cluster's shards and config servers) it names its set: {@code shard1/primary},
 *       {@code config/secondary:2};
 *   <li>a set has the roles its members allow: every set a primary; {@code secondary:n} when it
 *       has more than n data-bearing members; {@code arbiter} when it has an arbiter.
 * </ul>
 *
 * <p>Parsing checks only what the layout allows, before anything is changed; which member holds a
 * role is decided when the fault fires ({@link FaultTarget#pick}). Errors are one
 * {@link ConfigurationException} for {@code fault.target} with every allowed form.
 *
 * <p>Immutable and thread-safe.
 */
public final class FaultTargets {

  /** The property errors name. */
  public static final String PROPERTY = "fault.target";

  /** What a member is, as far as targets go. */
  public enum Kind {
    /** A data-bearing member of a replica set or shard (or a standalone, its own set). */
    DATA,
    /** A data-bearing member of the config server replica set. */
    CONFIG,
    /** A voting member that holds no data. */
    ARBITER,
    /** A router ({@code mongos}), in no replica set. */
    ROUTER;

    boolean bearsData() {
      return this == DATA || this == CONFIG;
    }
  }

  /**
   * One member a target can name.
   *
   * @param name its name in the cluster
   * @param replicaSet its replica set; {@code null} for a router
   * @param kind what it is
   */
  public record Member(String name, String replicaSet, Kind kind) {
    public Member {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
    }
  }

  private final Map<String, Member> members = new LinkedHashMap<>();
  private final Map<String, List<Member>> sets = new LinkedHashMap<>();

  /** @param members every member of the cluster, in the order errors should list them */
  public FaultTargets(List<Member> members) {
    for (Member m : members) {
      this.members.put(m.name(), m);
      if (m.replicaSet() != null) {
        sets.computeIfAbsent(m.replicaSet(), s -> new ArrayList<>()).add(m);
      }
    }
  }

  /**
   * The target {@code text} names.
   *
   * @throws ConfigurationException for an unknown replica set, role or member, or a role the set
   *     cannot have, listing every allowed form
   */
  public FaultTarget parse(String text) {
    String t = text.trim();
    int slash = t.indexOf('/');
    if (slash >= 0) {
      String set = t.substring(0, slash);
      if (!sets.containsKey(set)) {
        throw invalid(text, "unknown replica set '" + set + "'");
      }
      return select(text, set, t.substring(slash + 1));
    }
    Member named = members.get(t);
    if (named != null) {
      return new FaultTarget(text, named.replicaSet(), null, 1, named.name());
    }
    if (roleWord(t) != null) {
      if (sets.size() != 1) {
        throw invalid(text, sets.isEmpty() ? "this cluster has no replica set"
            : "several replica sets: prefix the role with one, e.g. " + exampleSet() + "/" + t);
      }
      return select(text, sets.keySet().iterator().next(), t);
    }
    throw invalid(text, Suggestions.closest(t, forms()).map(c -> "did you mean '" + c + "'?")
        .orElse(null));
  }

  private FaultTarget select(String text, String set, String selector) {
    RoleWord word = roleWord(selector);
    if (word != null) {
      if (word.index() < 1) {
        throw invalid(text, "secondary:n counts from 1");
      }
      int secondaries = secondaries(set);
      if (word.role() == Role.SECONDARY && word.index() > secondaries) {
        throw invalid(text, set + (secondaries == 0 ? " has no secondary"
            : " has " + secondaries + (secondaries == 1 ? " secondary" : " secondaries")));
      }
      if (word.role() == Role.ARBITER && !hasArbiter(set)) {
        throw invalid(text, set + " has no arbiter");
      }
      return new FaultTarget(text, set, word.role(), word.index(), null);
    }
    Member named = members.get(selector);
    if (named == null || !set.equals(named.replicaSet())) {
      throw invalid(text, "no member '" + selector + "' in " + set);
    }
    return new FaultTarget(text, set, null, 1, named.name());
  }

  /** The roles {@code set} can name, as written: {@code primary, secondary, secondary:2}. */
  public List<String> rolesOf(String set) {
    List<String> roles = new ArrayList<>(List.of(Role.PRIMARY.label()));
    int secondaries = secondaries(set);
    if (secondaries >= 1) {
      roles.add(Role.SECONDARY.label());
    }
    for (int n = 2; n <= secondaries; n++) {
      roles.add(Role.SECONDARY.label() + ":" + n);
    }
    if (hasArbiter(set)) {
      roles.add(Role.ARBITER.label());
    }
    return roles;
  }

  /** Every allowed target form, for error messages. */
  public String allowed() {
    return String.join(", ", forms());
  }

  private List<String> forms() {
    Set<String> forms = new LinkedHashSet<>();
    if (sets.size() == 1) {
      forms.addAll(rolesOf(sets.keySet().iterator().next()));
    }
    sets.keySet().forEach(s -> rolesOf(s).forEach(r -> forms.add(s + "/" + r)));
    forms.addAll(members.keySet());
    return List.copyOf(forms);
  }

  private int secondaries(String set) {
    long data = sets.get(set).stream().filter(m -> m.kind().bearsData()).count();
    return (int) Math.max(0, data - 1);
  }

  private boolean hasArbiter(String set) {
    return sets.get(set).stream().anyMatch(m -> m.kind() == Kind.ARBITER);
  }

  /** The set an example names: the first holding data that is not the config servers'. */
  private String exampleSet() {
    return sets.entrySet().stream()
        .filter(e -> e.getValue().stream().anyMatch(m -> m.kind() == Kind.DATA))
        .map(Map.Entry::getKey).findFirst().orElse(sets.keySet().iterator().next());
  }

  private record RoleWord(Role role, int index) {
  }

  /** {@code primary}, {@code secondary[:n]} or {@code arbiter}, any case; null otherwise. */
  private static RoleWord roleWord(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    String secondary = Role.SECONDARY.label() + ":";
    if (w.startsWith(secondary) && w.length() > secondary.length()
        && w.substring(secondary.length()).chars().allMatch(Character::isDigit)
        && w.length() - secondary.length() <= 4) {
      return new RoleWord(Role.SECONDARY, Integer.parseInt(w.substring(secondary.length())));
    }
    for (Role r : Role.values()) {
      if (r.label().equals(w)) {
        return new RoleWord(r, 1);
      }
    }
    return null;
  }

  private ConfigurationException invalid(String text, String hint) {
    return new ConfigurationException(PROPERTY, text, allowed(), hint);
  }
}
