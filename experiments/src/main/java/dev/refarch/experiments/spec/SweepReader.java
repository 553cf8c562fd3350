package dev.refarch.experiments.spec;

import dev.refarch.experiments.spec.YamlTree.MapNode;
import dev.refarch.experiments.spec.YamlTree.Node;
import dev.refarch.platform.spi.Topology;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code sweep:} — {@code mode} ({@code cartesian} or {@code zipped}) and {@code parameters}
 * (name to list of values) — checking each value the way the parameter will be used: topologies
 * parse, workload letters exist, numbers are numbers, {@code mongodb.*} values are allowed.
 */
final class SweepReader {

  /** Parameters with a meaning beyond "a YCSB property". */
  static final String SPECIAL = "threadcount (per client), clients, topology, workload, target,"
      + " variant (a name under variants:), or any property";

  private final SpecReader r;
  private final String file;

  SweepReader(SpecReader r, String file) {
    this.r = r;
    this.file = file;
  }

  Sweep read(MapNode m) {
    if (!m.entries().containsKey("sweep")) {
      return Sweep.none();
    }
    MapNode s = r.map(m.entries().get("sweep"), "sweep");
    for (String key : s.entries().keySet()) {
      if (!key.equals("mode") && !key.equals("parameters")) {
        throw new SpecException(file, s.keyLines().get(key), "sweep." + key, key, "mode, parameters");
      }
    }
    String modeText = r.text(s, "mode", "cartesian");
    Sweep.Mode mode = switch (modeText) {
      case "cartesian" -> Sweep.Mode.CARTESIAN;
      case "zipped" -> Sweep.Mode.ZIPPED;
      default -> throw new SpecException(file, r.line(s, "mode"), "sweep.mode", modeText,
          "cartesian, zipped");
    };
    if (!s.entries().containsKey("parameters")) {
      throw new SpecException(file, s.line(), "sweep.parameters", null,
          "a mapping of parameter to list of values (" + SPECIAL + ")");
    }
    MapNode params = r.map(s.entries().get("parameters"), "sweep.parameters");
    Map<String, List<String>> values = new LinkedHashMap<>();
    int size = -1;
    for (Map.Entry<String, Node> e : params.entries().entrySet()) {
      String name = e.getKey();
      List<String> list = r.stringList(params, name);
      int line = params.keyLines().get(name);
      if (list.isEmpty()) {
        throw new SpecException(file, line, "sweep.parameters." + name, "[]", "one or more values");
      }
      if (mode == Sweep.Mode.ZIPPED && size >= 0 && list.size() != size) {
        throw new SpecException(file, line, "sweep.parameters." + name, list.size() + " values",
            size + " values, as many as the other parameters of a zipped sweep");
      }
      size = list.size();
      list.forEach(v -> check(line, name, v));
      values.put(name, list);
    }
    return new Sweep(mode, values);
  }

  private void check(int line, String name, String value) {
    String key = "sweep.parameters." + name;
    switch (name) {
      case "threadcount", "clients" -> positive(line, key, value, 1);
      case "target" -> positive(line, key, value, 1);
      case "topology" -> {
        try {
          Topology.parse(value);
        } catch (IllegalArgumentException e) {
          throw new SpecException(file, line, key, value, Topology.ALLOWED);
        }
      }
      case "workload" -> {
        if (!dev.refarch.ycsb.workloads.CoreWorkloads.NAMES.contains(value)) {
          throw new SpecException(file, line, key, value, "a, b, c, d, e, f");
        }
      }
      default -> r.validateProperty(line, key, name, value);
    }
  }

  private void positive(int line, String key, String value, long min) {
    try {
      if (Double.parseDouble(value) >= min) {
        return;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new SpecException(file, line, key, value, "a number of at least " + min);
  }
}
