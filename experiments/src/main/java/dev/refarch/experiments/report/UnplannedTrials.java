package dev.refarch.experiments.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.refarch.experiments.results.TrialJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A plan for a folder of trials that ran without one: what {@code SloTrial} and the
 * {@code TrialRunner} write when called from a test or from code ({@code target/slo-results/slo/}
 * holds one folder per trial, each with {@code trial.json}, {@code run.hlog} and
 * {@code timeline.csv}, but no {@code plan.json}). Its trials are the folders in the order they
 * started, each its own point — its one parameter is {@code trial}, its folder's name, so charts
 * draw a bar per trial — except repetitions: folders named {@code <name>-r1}, {@code <name>-r2}…
 * ({@code SloTrial.repetitions(n)}) are the repetitions of one point {@code trial=<name>}. The settings in which they differ (the target, threads, workload
 * proportions…) are named in the sweep's description.
 *
 * <p>Stateless and thread-safe.
 */
public final class UnplannedTrials {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** Settings that differ between trials without being what was compared. */
  private static final Set<String> IGNORED = Set.of("phaseTimeout", "db", "hooks");
  /** The one parameter of each trial: its folder's name, less a repetition's suffix. */
  public static final String TRIAL = "trial";
  /** {@code <name>-r<N>}: the N-th repetition of the point {@code name}. */
  private static final Pattern REPETITION = Pattern.compile("(.+)-r(\\d+)");

  private UnplannedTrials() {
  }

  /** Whether {@code dir} has no plan but holds trial folders. */
  static boolean holdsTrials(Path dir) {
    return !Files.isRegularFile(dir.resolve(StoredPlan.FILE)) && !trialFolders(dir).isEmpty();
  }

  /**
   * The plan of the trial folders in {@code dir}.
   *
   * @throws ReportException when a {@code trial.json} cannot be read
   */
  static StoredPlan plan(Path dir) {
    Map<String, Map<String, String>> settings = new LinkedHashMap<>();
    Map<String, Long> started = new LinkedHashMap<>();
    for (Path t : trialFolders(dir)) {
      Path file = t.resolve(TrialJson.FILE);
      try {
        JsonNode root = JSON.readTree(file.toFile());
        Map<String, String> s = new LinkedHashMap<>();
        root.path("parameters").properties().forEach(e -> s.put(e.getKey(), e.getValue().asText()));
        settings.put(t.getFileName().toString(), s);
        started.put(t.getFileName().toString(), root.path("startedEpochMs").asLong(0));
      } catch (IOException e) {
        throw new ReportException(file, "cannot read the trial: " + e.getMessage(), e);
      }
    }
    List<String> ids = new ArrayList<>(settings.keySet());
    ids.sort(Comparator.comparing((String id) -> started.get(id)).thenComparing(id -> id));
    List<String> varying = varying(settings);
    List<StoredPlan.PlannedTrial> trials = new ArrayList<>();
    for (String id : ids) {
      Matcher rep = REPETITION.matcher(id);
      boolean repeated = rep.matches();
      trials.add(new StoredPlan.PlannedTrial(id, Map.of(TRIAL, repeated ? rep.group(1) : id),
          repeated ? Integer.parseInt(rep.group(2)) : 1, differences(varying, settings.get(id)),
          Optional.empty()));
    }
    String name = dir.toAbsolutePath().normalize().getFileName().toString();
    return new StoredPlan(name, name + ": trials run without a plan", "",
        "trial folders written by SloTrial or the TrialRunner", "",
        new StoredPlan.Sweep("no plan.json: one point per trial folder" + (varying.isEmpty() ? ""
            : " (they differ in " + String.join(", ", varying.stream().map(UnplannedTrials::name)
                .toList()) + ")"), List.of(TRIAL)),
        Map.of(), trials, List.of(), Optional.empty());
  }

  /** The settings that do not have one value in every trial, in the first trial's order. */
  private static List<String> varying(Map<String, Map<String, String>> settings) {
    Set<String> keys = new LinkedHashSet<>();
    settings.values().forEach(s -> keys.addAll(s.keySet()));
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      if (!IGNORED.contains(k) && settings.values().stream()
          .map(s -> s.getOrDefault(k, "")).distinct().count() > 1) {
        out.add(k);
      }
    }
    return out;
  }

  /** {@code readproportion=0.5 target=200}: a trial's values of the settings that differ. */
  private static String differences(List<String> varying, Map<String, String> settings) {
    return String.join(" ", varying.stream().map(k -> name(k) + "="
        + TrialReader.plain(settings.getOrDefault(k, ""))).toList());
  }

  /** {@code property.readproportion} as {@code readproportion}. */
  private static String name(String key) {
    return key.startsWith("property.") ? key.substring("property.".length()) : key;
  }

  /** Sub-folders with a {@code trial.json}, by name; none when {@code dir} cannot be listed. */
  static List<Path> trialFolders(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(c -> !c.getFileName().toString().startsWith(".")
          && Files.isRegularFile(c.resolve(TrialJson.FILE))).sorted().toList();
    } catch (IOException e) {
      throw new ReportException(dir, "cannot list the trial folders: " + e.getMessage(), e);
    }
  }
}
