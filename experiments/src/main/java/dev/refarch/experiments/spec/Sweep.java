package dev.refarch.experiments.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters a study varies and how their values combine: {@code cartesian} (every
 * combination, in declaration order, the last parameter varying fastest) or {@code zipped} (the
 * i-th values together — the vSAN scale-out study varies shards, records and threads in step).
 *
 * <p>Immutable.
 *
 * @param mode how values combine
 * @param parameters parameter name to its values, in declaration order
 */
public record Sweep(Mode mode, Map<String, List<String>> parameters) {

  /** How a sweep's values combine. */
  public enum Mode { CARTESIAN, ZIPPED }

  public Sweep {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    parameters.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    parameters = Collections.unmodifiableMap(copy);
    if (mode == Mode.ZIPPED) {
      long sizes = parameters.values().stream().mapToInt(List::size).distinct().count();
      if (sizes > 1) {
        throw new IllegalArgumentException("a zipped sweep needs the same number of values for"
            + " every parameter");
      }
    }
  }

  /** No sweep: one point without parameters. */
  public static Sweep none() {
    return new Sweep(Mode.CARTESIAN, Map.of());
  }

  public static Sweep cartesian(Map<String, List<String>> parameters) {
    return new Sweep(Mode.CARTESIAN, parameters);
  }

  public static Sweep zipped(Map<String, List<String>> parameters) {
    return new Sweep(Mode.ZIPPED, parameters);
  }

  /** Every point of the sweep, in order; one empty point when nothing is swept. */
  public List<Map<String, String>> points() {
    List<Map<String, String>> points = new ArrayList<>();
    if (parameters.isEmpty()) {
      points.add(Map.of());
      return points;
    }
    List<String> names = new ArrayList<>(parameters.keySet());
    if (mode == Mode.ZIPPED) {
      int n = parameters.get(names.get(0)).size();
      for (int i = 0; i < n; i++) {
        Map<String, String> p = new LinkedHashMap<>();
        for (String name : names) {
          p.put(name, parameters.get(name).get(i));
        }
        points.add(Collections.unmodifiableMap(p));
      }
      return points;
    }
    cartesian(names, 0, new LinkedHashMap<>(), points);
    return points;
  }

  private void cartesian(List<String> names, int depth, Map<String, String> partial,
      List<Map<String, String>> out) {
    if (depth == names.size()) {
      out.add(Collections.unmodifiableMap(new LinkedHashMap<>(partial)));
      return;
    }
    for (String value : parameters.get(names.get(depth))) {
      partial.put(names.get(depth), value);
      cartesian(names, depth + 1, partial, out);
    }
    partial.remove(names.get(depth));
  }
}
