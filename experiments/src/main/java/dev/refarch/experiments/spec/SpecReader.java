package dev.refarch.experiments.spec;

import dev.refarch.experiments.faults.FaultActionCheck;
import dev.refarch.experiments.faults.FaultSchedule;
import dev.refarch.experiments.spec.YamlTree.ListNode;
import dev.refarch.experiments.spec.YamlTree.MapNode;
import dev.refarch.experiments.spec.YamlTree.Node;
import dev.refarch.experiments.spec.YamlTree.Scalar;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.Suggestions;
import dev.refarch.ycsb.measure.Warmup;
import dev.refarch.ycsb.workloads.CoreWorkloads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an experiment spec from YAML and validates it while reading, every section before
 * failing: one problem fails with a {@link SpecException} naming file, line, key, value and what
 * is allowed, several with an {@link InvalidInput} holding one such line each. See the README for
 * the format; {@code scales:} holds per-scale overlays ({@code laptop}, {@code paper}) that are
 * merged over the top level before validation.
 *
 * <p>Stateless and thread-safe.
 */
public final class SpecReader {

  static final List<String> KEYS = List.of("id", "title", "study", "source", "cluster", "hooks",
      "requires", "workload", "properties", "clients", "threads", "repetitions", "warmup", "phases",
      "sweep", "slo", "faults", "variants", "steady", "baseline", "references", "manual",
      "phaseTimeout", "scales");

  private final String file;

  private SpecReader(String file) {
    this.file = file;
  }

  /** Reads a spec file at {@code scale} ({@code null}: the file's first scale, if it has any). */
  public static ExperimentSpec read(Path path, String scale) {
    try {
      return parse(path.toString(), Files.readString(path, StandardCharsets.UTF_8), scale);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }

  /** Parses spec text; {@code file} names it in errors. */
  public static ExperimentSpec parse(String file, String yaml, String scale) {
    SpecReader r = new SpecReader(file);
    Node root = YamlTree.parse(file, yaml);
    MapNode map = r.map(root, "(document)");
    return r.build(r.applyScale(map, scale), scale);
  }

  /** The scales a spec text offers, in order; empty when it has none. */
  public static List<String> scales(String file, String yaml) {
    SpecReader r = new SpecReader(file);
    MapNode map = r.map(YamlTree.parse(file, yaml), "(document)");
    Node scales = map.entries().get("scales");
    return scales == null ? List.of() : List.copyOf(r.map(scales, "scales").entries().keySet());
  }

  private MapNode applyScale(MapNode root, String scale) {
    Node scalesNode = root.entries().get("scales");
    if (scalesNode == null) {
      return root;
    }
    MapNode scales = map(scalesNode, "scales");
    String chosen = scale != null ? scale : scales.entries().keySet().iterator().next();
    Node overlay = scales.entries().get(chosen);
    if (overlay == null) {
      throw new SpecException(file, scales.line(), "scale", chosen,
          String.join(", ", scales.entries().keySet()));
    }
    return merge(root, map(overlay, "scales." + chosen));
  }

  /**
   * Overlay keys replace the root's, except mappings of {@code properties}, {@code cluster} and
   * {@code steady}, merged key by key.
   */
  private static MapNode merge(MapNode root, MapNode overlay) {
    Map<String, Node> entries = new LinkedHashMap<>(root.entries());
    Map<String, Integer> lines = new LinkedHashMap<>(root.keyLines());
    overlay.entries().forEach((key, node) -> {
      Node base = entries.get(key);
      if ((key.equals("properties") || key.equals("cluster") || key.equals("steady"))
          && base instanceof MapNode b
          && node instanceof MapNode o) {
        entries.put(key, merge(b, o));
      } else {
        entries.put(key, node);
      }
      lines.put(key, overlay.keyLines().get(key));
    });
    entries.remove("scales");
    return new MapNode(root.line(), entries, lines);
  }

  /** Reads every section, collecting the problems of all of them before failing. */
  private ExperimentSpec build(MapNode m, String scale) {
    Problems problems = new Problems();
    for (String key : m.entries().keySet()) {
      if (!KEYS.contains(key)) {
        String hint = Suggestions.closest(key, KEYS).map(c -> " (did you mean '" + c + "'?)").orElse("");
        problems.run(() -> {
          throw new SpecException(file, m.keyLines().get(key), key, key,
              String.join(", ", KEYS) + hint);
        });
      }
    }
    String id = problems.check(() -> id(m)).orElse("invalid");
    ExperimentSpec.Builder b = ExperimentSpec.builder(id).scale(scale == null ? "custom" : scale);
    ClusterSpec cluster = problems.check(() -> cluster(m)).orElse(null);
    if (cluster != null) {
      b.cluster(cluster);
    }
    readRun(m, b, id, problems);
    problems.run(() -> optional(m, "faults").ifPresent(f -> b.faults(faults(m, "faults", f,
        cluster, "faults"))));
    readSections(m, b, cluster, problems);
    problems.throwIfAny();
    return problems.check(b::build).orElseThrow(() -> new InvalidInput(problems.lines()));
  }

  /** What each trial runs: titles, hooks, workload, properties, clients, phases, warm-up. */
  private void readRun(MapNode m, ExperimentSpec.Builder b, String id, Problems problems) {
    problems.run(() -> b.title(text(m, "title", id)).study(text(m, "study", ""))
        .source(text(m, "source", "")));
    problems.check(() -> integer(m, "phaseTimeout", 1800, 1, 86_400))
        .ifPresent(t -> b.phaseTimeout(Duration.ofSeconds(t)));
    problems.run(() -> stringList(m, "hooks").forEach(h -> b.hook(hook(m, h))));
    problems.run(() -> stringList(m, "requires").forEach(p -> b.requires(platform(m, p))));
    problems.run(() -> optional(m, "workload").ifPresent(w -> b.workload(workload(m, "workload", w))));
    problems.run(() -> {
      Map<String, String> props = scalars(m, "properties");
      props.forEach(b::property);
      validateProperties(m, "properties", props);
    });
    problems.check(() -> integer(m, "clients", 1, 1, ExperimentSpec.MAX_CLIENTS))
        .ifPresent(b::clients);
    problems.check(() -> integer(m, "threads", 1, 1, ExperimentSpec.MAX_THREADS))
        .ifPresent(b::threads);
    problems.run(() -> new SectionReaders(this, file).repetitions(m, b));
    problems.run(() -> optional(m, "warmup").ifPresent(w -> b.warmup(parse(m, "warmup", w,
        Warmup.ALLOWED, Warmup::parse))));
    problems.run(() -> phases(m, b));
  }

  /** The sweep and what depends on it, steadiness, references, SLO and the manual note. */
  private void readSections(MapNode m, ExperimentSpec.Builder b, ClusterSpec cluster,
      Problems problems) {
    SectionReaders sections = new SectionReaders(this, file);
    Sweep sweep = problems.check(() -> new SweepReader(this, file).read(m)).orElse(null);
    if (sweep != null) {
      b.sweep(sweep);
      problems.run(() -> sections.variants(m, sweep, cluster).forEach(b::variant));
      problems.run(() -> b.baseline(sections.baseline(m, sweep)));
    }
    if (m.entries().containsKey("steady")) {
      problems.run(() -> b.untilSteady(sections.steady(map(m.entries().get("steady"), "steady"))));
    }
    problems.run(() -> sections.references(m).forEach(b::reference));
    if (m.entries().containsKey("slo")) {
      problems.run(() -> b.slo(sections.slo(map(m.entries().get("slo"), "slo"))));
    }
    problems.run(() -> optional(m, "manual").ifPresent(b::manual));
  }

  private String id(MapNode m) {
    String id = text(m, "id", null);
    if (!ExperimentSpec.ID.matcher(id).matches()) {
      throw new SpecException(file, line(m, "id"), "id", id, "letters, digits, '.', '_' and '-'");
    }
    return id;
  }

  /**
   * A fault schedule at {@code key}, its actions checked against the injector of the spec's
   * cluster type (when the cluster section could be read).
   */
  FaultSchedule faults(MapNode m, String key, String text, ClusterSpec cluster, String lineKey) {
    FaultSchedule schedule = parse(m, key, text, FaultSchedule.FORM, FaultSchedule::parse, lineKey);
    if (cluster != null) {
      try {
        FaultActionCheck.check(schedule, cluster.type());
      } catch (dev.refarch.platform.spi.config.ConfigurationException e) {
        throw new SpecException(file, line(m, lineKey), key, text, e.allowedWithHint());
      }
    }
    return schedule;
  }

  private ClusterSpec cluster(MapNode m) {
    if (!m.entries().containsKey("cluster")) {
      return ClusterSpec.local("rs=1");
    }
    MapNode c = map(m.entries().get("cluster"), "cluster");
    for (String key : c.entries().keySet()) {
      if (!List.of("type", "topology", "uri", "uris", "settings").contains(key)) {
        throw new SpecException(file, c.keyLines().get(key), "cluster." + key, key,
            "type, topology, uri, uris, settings");
      }
    }
    String type = text(c, "type", "local");
    if (!ClusterSpec.TYPES.contains(type)) {
      throw new SpecException(file, line(c, "type"), "cluster.type", type, ClusterSpec.TYPES);
    }
    String topologyText = text(c, "topology", "rs=1");
    Topology topology = parse(c, "cluster.topology", topologyText, Topology.ALLOWED, Topology::parse,
        "topology");
    Optional<String> uri = optional(c, "uri");
    Map<String, String> uris = new LinkedHashMap<>();
    scalars(c, "uris").forEach((t, u) -> uris.put(parse(c, "cluster.uris", t, Topology.ALLOWED,
        Topology::parse, "uris").label(), u));
    if (type.equals("uri") && uri.isEmpty() && uris.isEmpty()) {
      throw new SpecException(file, c.line(), "cluster.uri", null,
          "a connection string (uri, or uris per topology) when cluster.type is uri");
    }
    return new ClusterSpec(type, topology, uri, scalars(c, "settings"), uris);
  }

  private String hook(MapNode m, String name) {
    Map<String, String> known = Extensions.hooks();
    // a platform's hook whose adapter is absent is the plan's to report (Plan: skipped, naming
    // the artifact), so that a catalog of every platform's studies reads without every adapter;
    // with the adapter there, an unknown name is a typo
    Optional<String> adapter = ExperimentSpec.adapterOf(name);
    boolean adapterAbsent = adapter.isPresent() && known.keySet().stream()
        .noneMatch(k -> ExperimentSpec.adapterOf(k).equals(adapter));
    if (!known.containsKey(name) && !adapterAbsent) {
      throw new SpecException(file, line(m, "hooks"), "hooks", name,
          known.isEmpty() ? "none is on the class path" : String.join(", ", known.keySet()));
    }
    return name;
  }

  private String platform(MapNode m, String p) {
    if (!ExperimentSpec.PLATFORMS.contains(p)) {
      throw new SpecException(file, line(m, "requires"), "requires", p,
          String.join(", ", ExperimentSpec.PLATFORMS));
    }
    return p;
  }

  String workload(MapNode m, String key, String w) {
    if (!CoreWorkloads.NAMES.contains(w)) {
      throw new SpecException(file, line(m, key), key, w, String.join(", ", CoreWorkloads.NAMES));
    }
    return w;
  }

  private void phases(MapNode m, ExperimentSpec.Builder b) {
    List<String> phases = m.entries().containsKey("phases") ? stringList(m, "phases") : List.of("load", "run");
    for (String p : phases) {
      if (!p.equals("load") && !p.equals("run")) {
        throw new SpecException(file, line(m, "phases"), "phases", p, "load, run");
      }
    }
    if (phases.isEmpty()) {
      throw new SpecException(file, line(m, "phases"), "phases", "[]", "load, run, or both");
    }
    b.phases(phases.contains("load"), phases.contains("run"));
  }

  /** Checks each property by itself (combinations are the preflight's), all before failing. */
  void validateProperties(MapNode m, String key, Map<String, String> props) {
    MapNode node = m.entries().containsKey(key) ? map(m.entries().get(key), key) : null;
    Problems problems = new Problems();
    props.forEach((k, v) -> {
      int line = node == null ? m.line() : node.keyLines().getOrDefault(k, node.line());
      problems.run(() -> validateProperty(line, key + "." + k, k, v));
    });
    problems.throwIfAny();
  }

  /** Validates one property value at {@code line}; {@code path} names it in the error. */
  void validateProperty(int line, String path, String key, String value) {
    try {
      PropertyCheck.validate(key, value);
    } catch (dev.refarch.platform.spi.config.ConfigurationException e) {
      throw new SpecException(file, line, path, value, e.allowedWithHint());
    }
  }

  // ---- small typed accessors, each failing with the line of the key ----

  MapNode map(Node n, String key) {
    if (n instanceof MapNode m) {
      return m;
    }
    throw new SpecException(file, n.line(), key, describe(n), "a mapping (key: value lines)");
  }

  private static String describe(Node n) {
    return n instanceof Scalar s ? String.valueOf(s.value()) : n instanceof ListNode ? "[list]" : "{mapping}";
  }

  int line(MapNode m, String key) {
    return m.keyLines().getOrDefault(key, m.line());
  }

  Optional<String> optional(MapNode m, String key) {
    Node n = m.entries().get(key);
    if (n == null) {
      return Optional.empty();
    }
    if (n instanceof Scalar s && s.value() != null) {
      return Optional.of(s.value());
    }
    throw new SpecException(file, line(m, key), key, describe(n), "a single value");
  }

  String text(MapNode m, String key, String fallback) {
    Optional<String> v = optional(m, key);
    if (v.isEmpty() && fallback == null) {
      throw new SpecException(file, m.line(), key, null, "a value: this key is required");
    }
    return v.orElse(fallback);
  }

  int integer(MapNode m, String key, int fallback, int min, int max) {
    Optional<String> v = optional(m, key);
    if (v.isEmpty()) {
      return fallback;
    }
    try {
      int n = Integer.parseInt(v.get().trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the allowed range
    }
    throw new SpecException(file, line(m, key), key, v.get(), "an integer from " + min + " to " + max);
  }

  List<String> stringList(MapNode m, String key) {
    Node n = m.entries().get(key);
    if (n == null) {
      return List.of();
    }
    if (n instanceof Scalar s && s.value() != null) {
      return List.of(s.value());
    }
    if (!(n instanceof ListNode l)) {
      throw new SpecException(file, line(m, key), key, describe(n), "a list of values");
    }
    List<String> out = new ArrayList<>();
    for (Node item : l.items()) {
      if (!(item instanceof Scalar s) || s.value() == null) {
        throw new SpecException(file, item.line(), key, describe(item), "a list of single values");
      }
      out.add(s.value());
    }
    return out;
  }

  Map<String, String> scalars(MapNode m, String key) {
    Node n = m.entries().get(key);
    if (n == null) {
      return Map.of();
    }
    MapNode map = map(n, key);
    Map<String, String> out = new LinkedHashMap<>();
    map.entries().forEach((k, v) -> {
      if (!(v instanceof Scalar s) || s.value() == null) {
        throw new SpecException(file, map.keyLines().get(k), key + "." + k, describe(v), "a single value");
      }
      out.put(k, s.value());
    });
    return out;
  }

  <T> T parse(MapNode m, String key, String value, String allowed, java.util.function.Function<String, T> parser) {
    return parse(m, key, value, allowed, parser, key);
  }

  <T> T parse(MapNode m, String key, String value, String allowed,
      java.util.function.Function<String, T> parser, String lineKey) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new SpecException(file, line(m, lineKey), key, value, allowed);
    }
  }
}
