package dev.refarch.platform.vsan.config;

import dev.refarch.platform.vsan.pbm.VsanRules;
import java.util.Objects;

/**
 * The storage policy a trial wants: rules to create or update under a name, or — with no rules —
 * an existing policy to apply as it is (what HCIBench can do).
 *
 * @param name the policy name; {@code null} to derive one from the rules
 * @param rules the vSAN rules; empty to apply the named policy unchanged
 */
public record PolicyRequest(String name, VsanRules rules) {

  public PolicyRequest {
    Objects.requireNonNull(rules, "rules");
    if (name == null && rules.isEmpty()) {
      throw new IllegalArgumentException("a policy name or at least one rule is needed");
    }
  }

  /** The name the policy has or gets. */
  public String effectiveName() {
    return name != null ? name : rules.derivedName();
  }

  /** Whether this request manages the policy's rules (else it only applies an existing policy). */
  public boolean managesRules() {
    return !rules.isEmpty();
  }
}
