package dev.refarch.experiments.spec;

import dev.refarch.experiments.faults.FaultSchedule;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A named configuration a study compares — the NetApp paper's all-SSD, HDD with SSD read cache and
 * HDD only; the vSAN paper's host failure and disk failure — that trials pick with the sweep
 * parameter {@code variant}: its properties apply over the spec's, and its faults, when it has
 * any, replace the spec's. Immutable.
 *
 * @param properties properties of this variant, e.g. the storage pool's
 * @param faults the faults its trials inject, if other than the spec's
 */
public record Variant(Map<String, String> properties, Optional<FaultSchedule> faults) {

  public Variant {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }
}
