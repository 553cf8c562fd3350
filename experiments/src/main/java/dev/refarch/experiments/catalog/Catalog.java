package dev.refarch.experiments.catalog;

import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.SpecReader;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiments shipped with this library: one YAML spec per study of {@code SEEDS.md} (A1–A12,
 * B1–B4, C1–C4, D1–D3), each with {@code laptop} and {@code paper} scales, and the {@code tour}
 * suite. Entries are listed in {@code catalog/index.txt} beside the specs.
 *
 * <p>Stateless and thread-safe; specs are read afresh on every call.
 */
public final class Catalog {

  private static final String DIR = "/dev/refarch/experiments/catalog/";

  /**
   * One catalog entry.
   *
   * @param file the spec's resource name, e.g. {@code A1.yaml}
   * @param suite the suite it belongs to, or empty
   * @param yaml the spec text
   */
  public record Entry(String file, String suite, String yaml) {
    /** The spec at {@code scale} (its first scale when {@code null}). */
    public ExperimentSpec spec(String scale) {
      return SpecReader.parse("catalog/" + file, yaml, scale);
    }

    public List<String> scales() {
      return SpecReader.scales("catalog/" + file, yaml);
    }
  }

  private Catalog() {
  }

  /** Every entry, in catalog order. */
  public static List<Entry> entries() {
    List<Entry> out = new ArrayList<>();
    for (String line : read("index.txt").lines().toList()) {
      String l = line.trim();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      String[] parts = l.split("\\s+");
      out.add(new Entry(parts[0], parts.length > 1 ? parts[1] : "", read(parts[0])));
    }
    return out;
  }

  /** The name that stands for every study of the catalog (suites excluded). */
  public static final String ALL = "all";

  /**
   * The specs {@code name} stands for: {@value #ALL} (every study), a suite's entries in order, or
   * the one entry whose id, study or file matches (case-insensitive).
   *
   * @throws ConfigurationException listing the known names
   */
  public static List<ExperimentSpec> resolve(String name, String scale) {
    List<Entry> entries = entries();
    if (name.equalsIgnoreCase(ALL)) {
      return entries.stream().filter(e -> e.suite().isEmpty())
          .map(e -> e.spec(scaleOf(e, scale))).toList();
    }
    List<ExperimentSpec> suite = new ArrayList<>();
    for (Entry e : entries) {
      if (e.suite().equalsIgnoreCase(name)) {
        suite.add(e.spec(scaleOf(e, scale)));
      }
    }
    if (!suite.isEmpty()) {
      return suite;
    }
    for (Entry e : entries) {
      ExperimentSpec spec = e.spec(null);
      if (spec.id().equalsIgnoreCase(name) || spec.study().equalsIgnoreCase(name)
          || e.file().equalsIgnoreCase(name) || e.file().equalsIgnoreCase(name + ".yaml")) {
        if (scale != null && !e.scales().isEmpty() && !e.scales().contains(scale)) {
          throw new ConfigurationException("--scale", scale, String.join(", ", e.scales()));
        }
        return List.of(e.spec(scale));
      }
    }
    throw new ConfigurationException("experiment", name, "a catalog id or study ("
        + String.join(", ", names()) + "), a suite (tour), all, or a spec file path");
  }

  /**
   * The scale to read {@code e} at when many entries run at {@code scale}: that scale when the
   * entry has it or has no overlays at all (it is the same at every scale, and its results say
   * the scale it ran at), else its first overlay.
   */
  private static String scaleOf(Entry e, String scale) {
    return e.scales().isEmpty() || e.scales().contains(scale) ? scale : e.scales().get(0);
  }

  /** Every scale some catalog entry offers, in first-seen order ({@code laptop}, {@code paper}). */
  public static List<String> scales() {
    java.util.Set<String> all = new java.util.LinkedHashSet<>();
    entries().forEach(e -> all.addAll(e.scales()));
    return List.copyOf(all);
  }

  /** Study ids and experiment ids, for messages. */
  public static List<String> names() {
    Map<String, String> names = new LinkedHashMap<>();
    for (Entry e : entries()) {
      ExperimentSpec s = e.spec(null);
      names.put(s.study().isEmpty() ? s.id() : s.study(), s.id());
    }
    return List.copyOf(names.keySet());
  }

  private static String read(String resource) {
    try (InputStream in = Catalog.class.getResourceAsStream(DIR + resource)) {
      if (in == null) {
        throw new IllegalStateException("catalog resource missing: " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
