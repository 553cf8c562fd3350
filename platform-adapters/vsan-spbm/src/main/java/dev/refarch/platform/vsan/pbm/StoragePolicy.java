package dev.refarch.platform.vsan.pbm;

import java.util.List;
import java.util.Objects;

/**
 * A PBM requirement profile (a "VM storage policy") as the server holds it.
 *
 * @param id PBM's unique id, e.g. {@code aa6d5a82-1c88-45da-85d3-3d74b91a5bad}
 * @param name display name, unique in vCenter
 * @param description free text
 * @param rules its vSAN rules that this adapter knows
 * @param otherRules ids of rules this adapter does not manage (e.g. {@code VSAN.forceProvisioning},
 *     data-service rules); a policy with any is never taken as equal to requested rules
 */
public record StoragePolicy(String id, String name, String description, VsanRules rules,
    List<String> otherRules) {

  public StoragePolicy {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(rules, "rules");
    otherRules = List.copyOf(otherRules);
  }

  /** Whether this policy holds exactly {@code wanted} and nothing else. */
  public boolean hasExactly(VsanRules wanted) {
    return rules.equals(wanted) && otherRules.isEmpty();
  }
}
