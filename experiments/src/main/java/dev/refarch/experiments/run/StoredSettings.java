package dev.refarch.experiments.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.results.StoredTrial;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.InvalidInput;
import dev.refarch.experiments.trial.TrialDetails;
import dev.refarch.platform.spi.Redaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What resuming compares: the parameters a completed trial was stored with
 * ({@code trial.json}'s {@code parameters}) against those the plan would run it with now. A
 * trial whose settings changed is not the trial the plan asks for, so resuming refuses it — or,
 * when asked, runs it again.
 *
 * <p>Stateless and thread-safe.
 */
final class StoredSettings {

  private StoredSettings() {
  }

  /**
   * The completed trials of {@code plan} in {@code folder} whose stored settings differ from the
   * plan's, each with the keys that differ.
   */
  static Map<String, List<String>> changed(ExperimentSpec spec, Plan plan, Path folder) {
    Map<String, List<String>> changed = new LinkedHashMap<>();
    if (spec.slo().isPresent()) {
      return changed; // an SLO search's probes are compared by the search itself
    }
    for (PlannedTrial trial : plan.trials()) {
      StoredTrial.read(folder.resolve(trial.id())).filter(StoredTrial::completed).ifPresent(s -> {
        Map<String, String> now = TrialDetails.parameters(TrialFactory.trial(spec, trial,
            trial.id(), Preflight.PLACEHOLDER_URI).build());
        List<String> diff = diff(s.json().path("parameters"), now);
        if (!diff.isEmpty()) {
          changed.put(trial.id(), diff);
        }
      });
    }
    return changed;
  }

  /**
   * Refuses {@code changed} trials, naming them and their keys.
   *
   * @throws InvalidInput one line per changed trial
   */
  static void refuse(ExperimentSpec spec, Map<String, List<String>> changed) {
    if (changed.isEmpty()) {
      return;
    }
    List<String> lines = new ArrayList<>();
    changed.forEach((id, keys) -> lines.add(spec.id() + " " + id + ": completed earlier with"
        + " other settings (" + String.join("; ", keys) + "); --resume keeps only trials of the"
        + " same settings: add --rerun-changed to run it again, or use another --results"));
    throw new InvalidInput(lines);
  }

  /** {@code key: stored → now} for every key whose (masked) value differs. */
  static List<String> diff(JsonNode stored, Map<String, String> now) {
    Map<String, String> before = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = stored.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      before.put(e.getKey(), e.getValue().asText());
    }
    Set<String> keys = new TreeSet<>(before.keySet());
    keys.addAll(now.keySet());
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      String a = before.get(k);
      String b = now.get(k) == null ? null : Redaction.maskUri(now.get(k));
      if (a == null ? b != null : !a.equals(b)) {
        out.add(k.replaceFirst("^property\\.", "") + " " + (a == null ? "(unset)" : a) + " → "
            + (b == null ? "(unset)" : b));
      }
    }
    return out;
  }

  /** The ids of {@code changed}, for the runner to run again. */
  static Set<String> ids(Map<String, List<String>> changed) {
    return new LinkedHashSet<>(changed.keySet());
  }
}
