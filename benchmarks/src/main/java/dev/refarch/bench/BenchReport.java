package dev.refarch.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;

/**
 * Rolls {@link BindingBenchmark}'s cells up into medians with min–max per (group, threads, side),
 * prints them as a table with each binding side's ratio to each other side, and writes cells and
 * summary as JSON. A binding side is {@code binding} or a variant of it ({@code binding-…}); a
 * ratio is taken per repetition — the binding side's cell over the other side's cell of the same
 * repetition, which ran next to it — and reported as the median with min–max of those ratios.
 * Derived figures are computed from the stored cells, never measured twice.
 */
final class BenchReport {

  private final List<Cell> cells;
  private final Map<String, Object> machine;
  private final Map<String, Object> data;

  /**
   * @param machine what the figures were measured on: cores, CPU model, JVM, OS, …
   * @param data what the run cells read and wrote: records, record shape, request distribution
   *     per run group ({@link BindingBenchmark#data})
   */
  BenchReport(List<Cell> cells, Map<String, Object> machine, Map<String, Object> data) {
    this.cells = List.copyOf(cells);
    this.machine = Map.copyOf(machine);
    // in the order given, as the JSON shows it
    this.data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
  }

  /** Median, minimum and maximum of one figure over a cell's repeats. */
  record Spread(double median, double min, double max) {
    static Spread of(List<Cell> cells, ToDoubleFunction<Cell> figure) {
      return ofValues(cells.stream().map(figure::applyAsDouble).toList());
    }

    static Spread ofValues(List<Double> values) {
      double[] v = values.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d))
          .sorted().toArray();
      if (v.length == 0) {
        return new Spread(Double.NaN, Double.NaN, Double.NaN);
      }
      double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
      return new Spread(median, v[0], v[v.length - 1]);
    }

    String text(String format) {
      return String.format(Locale.ROOT, format + " (" + format + "–" + format + ")", median, min, max);
    }
  }

  private List<Cell> of(String group, int threads, String side) {
    return cells.stream().filter(c -> c.group().equals(group) && c.threads() == threads
        && c.side().equals(side)).toList();
  }

  /** The sides in the order they first ran. */
  private List<String> sides() {
    return cells.stream().map(Cell::side).distinct().toList();
  }

  private List<String> groups() {
    return cells.stream().map(Cell::group).distinct().toList();
  }

  private TreeSet<Integer> threads(String group) {
    TreeSet<Integer> t = new TreeSet<>();
    cells.stream().filter(c -> c.group().equals(group)).forEach(c -> t.add(c.threads()));
    return t;
  }

  /** The summary as nested maps, for JSON: per group and threads, per side, and the ratios. */
  Map<String, Object> summary() {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String group : groups()) {
      for (int t : threads(group)) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (String side : sides()) {
          List<Cell> cs = of(group, t, side);
          if (!cs.isEmpty()) {
            row.put(side, sideSummary(cs));
          }
        }
        Map<String, Object> ratios = new LinkedHashMap<>();
        for (List<String> pair : ratioPairs()) {
          Map<String, Spread> r = ratioFigures(group, t, pair.get(0), pair.get(1));
          if (!r.isEmpty()) {
            ratios.put(pair.get(0) + "/" + pair.get(1), r);
          }
        }
        row.put("ratios", ratios);
        row.put("loadAverage", Spread.of(cells.stream().filter(c -> c.group().equals(group)
            && c.threads() == t).toList(), Cell::loadAverage));
        out.put(group + (group.equals("load") ? "/batch=" : "/threads=") + t, row);
      }
    }
    return out;
  }

  private static Map<String, Object> sideSummary(List<Cell> cs) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("repeats", cs.size());
    s.put("throughput", Spread.of(cs, Cell::throughput));
    s.put("cpuSecondsPer1000", Spread.of(cs, Cell::cpuPerThousand));
    s.put("steadyThroughput", Spread.of(cs, Cell::steadyThroughput));
    s.put("steadyCpuSecondsPer1000", Spread.of(cs, Cell::steadyCpuPerThousand));
    s.put("serverCpuSecondsPer1000", Spread.of(cs, Cell::serverCpuPerThousand));
    s.put("coresBusy", Spread.of(cs, Cell::coresBusy));
    Map<String, Object> latency = new LinkedHashMap<>();
    for (String op : List.of("READ", "UPDATE", "SCAN", "INSERT")) {
      for (String p : List.of("p50", "p99")) {
        Spread sp = Spread.of(cs, c -> c.latencyUs().getOrDefault(op, Map.of())
            .getOrDefault(p, -1L) < 0 ? Double.NaN : c.latencyUs().get(op).get(p));
        if (!Double.isNaN(sp.median())) {
          latency.put(op + "." + p, sp);
        }
      }
    }
    s.put("latencyUs", latency);
    s.put("errors", cs.stream().mapToLong(Cell::errors).sum());
    return s;
  }

  /** Whether {@code side} is this project's binding or a variant of it ({@code binding-…}). */
  static boolean isBinding(String side) {
    return side.equals("binding") || side.startsWith("binding-");
  }

  /**
   * The ratios reported, as (binding side, other side): every binding side over every side that
   * is not a binding side, and {@code binding} over each of its variants.
   */
  List<List<String>> ratioPairs() {
    List<List<String>> pairs = new ArrayList<>();
    for (String over : sides()) {
      for (String side : sides()) {
        if (isBinding(over) && !over.equals(side)
            && (!isBinding(side) || over.equals("binding"))) {
          pairs.add(List.of(over, side));
        }
      }
    }
    return pairs;
  }

  /**
   * Every figure's paired ratio of {@code over} to {@code side}, keyed as in the JSON summary;
   * empty when the two never ran in the same repetition. The summary and the table both read it.
   */
  private Map<String, Spread> ratioFigures(String group, int t, String over, String side) {
    Spread throughput = pairedRatio(group, t, over, side, Cell::throughput);
    if (Double.isNaN(throughput.median())) {
      return Map.of();
    }
    Map<String, Spread> r = new LinkedHashMap<>();
    r.put("throughput", throughput);
    r.put("cpuPerOperation", pairedRatio(group, t, over, side, Cell::cpuPerThousand));
    r.put("steadyThroughput", pairedRatio(group, t, over, side, Cell::steadyThroughput));
    r.put("steadyCpuPerOperation", pairedRatio(group, t, over, side, Cell::steadyCpuPerThousand));
    r.put("serverCpuPerOperation", pairedRatio(group, t, over, side, Cell::serverCpuPerThousand));
    r.put("clientCpuBudgetSecondsPer1000",
        paired(group, t, over, side, BenchReport::clientBudget));
    return r;
  }

  /**
   * The client CPU per 1,000 operations at which {@code over} would have been level with
   * {@code other} in a cell bound by CPU (both processes together keeping the cores busy, see
   * {@link Cell#coresBusy}): {@code other}'s client and server CPU per operation less the server
   * CPU {@code over}'s operations cost. Where {@code over}'s client spent more, it was behind; a
   * budget smaller than any client could spend (a socket exchange per operation) says that no
   * client-side change would have made it level.
   */
  static double clientBudget(Cell over, Cell other) {
    return other.cpuPerThousand() + other.serverCpuPerThousand() - over.serverCpuPerThousand();
  }

  /**
   * {@code over}'s figure over {@code side}'s, one ratio per repetition in which both ran, as
   * median and min–max; NaN when there is no such pair.
   */
  Spread pairedRatio(String group, int t, String over, String side,
      ToDoubleFunction<Cell> figure) {
    return paired(group, t, over, side,
        (b, o) -> figure.applyAsDouble(b) / figure.applyAsDouble(o));
  }

  /** {@code value} of each repetition's pair of cells ({@code over}'s, {@code side}'s). */
  private Spread paired(String group, int t, String over, String side,
      ToDoubleBiFunction<Cell, Cell> value) {
    List<Cell> other = of(group, t, side);
    List<Double> values = new ArrayList<>();
    for (Cell b : of(group, t, over)) {
      other.stream().filter(o -> o.repeat() == b.repeat()).findFirst()
          .ifPresent(o -> values.add(value.applyAsDouble(b, o)));
    }
    return Spread.ofValues(values);
  }

  /** The table printed at the end of a run. */
  String table() {
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "%-7s %4s %-20s %-26s %-22s %-40s%n", "cell", "thr",
        "side", "ops/s median (min-max)", "CPU s/1000 ops", "p50/p99 us per op (medians)"));
    for (String group : groups()) {
      for (int t : threads(group)) {
        for (String side : sides()) {
          List<Cell> cs = of(group, t, side);
          if (!cs.isEmpty()) {
            s.append(String.format(Locale.ROOT, "%-7s %4d %-20s %-26s %-22s %s%n", group, t, side,
                Spread.of(cs, Cell::throughput).text("%.0f"),
                Spread.of(cs, Cell::cpuPerThousand).text("%.3f"), latencies(cs)));
            Spread steady = Spread.of(cs, Cell::steadyThroughput);
            if (!Double.isNaN(steady.median())) {
              s.append(String.format(Locale.ROOT,
                  "%-7s %4d %-20s %-26s %-22s server %s, cores busy %s%n", "", t,
                  "  after warm-up", steady.text("%.0f"),
                  Spread.of(cs, Cell::steadyCpuPerThousand).text("%.3f"),
                  Spread.of(cs, Cell::serverCpuPerThousand).text("%.3f"),
                  Spread.of(cs, Cell::coresBusy).text("%.2f")));
            }
          }
        }
        for (List<String> pair : ratioPairs()) {
          Map<String, Spread> r = ratioFigures(group, t, pair.get(0), pair.get(1));
          if (!r.isEmpty()) {
            s.append(String.format(Locale.ROOT, "%-7s %4d %s throughput %s, CPU/op %s;"
                + " steady: throughput %s, CPU/op %s; server CPU/op %s;"
                + " level at client CPU s/1000 ops %s (has %.3f)%n",
                group, t, pair.get(0) + "/" + pair.get(1), r.get("throughput").text("%.3f"),
                r.get("cpuPerOperation").text("%.3f"), r.get("steadyThroughput").text("%.3f"),
                r.get("steadyCpuPerOperation").text("%.3f"),
                r.get("serverCpuPerOperation").text("%.3f"),
                r.get("clientCpuBudgetSecondsPer1000").text("%.3f"),
                Spread.of(of(group, t, pair.get(0)), Cell::cpuPerThousand).median()));
          }
        }
        s.append(String.format(Locale.ROOT, "%-7s %4d load average %s%n", group, t,
            Spread.of(cells.stream().filter(c -> c.group().equals(group) && c.threads() == t)
                .toList(), Cell::loadAverage).text("%.1f")));
      }
    }
    return s.toString();
  }

  private static String latencies(List<Cell> cs) {
    List<String> parts = new ArrayList<>();
    for (String op : List.of("READ", "UPDATE", "SCAN", "INSERT")) {
      if (cs.stream().anyMatch(c -> c.latencyUs().containsKey(op))) {
        parts.add(String.format(Locale.ROOT, "%s %.0f/%.0f", op,
            Spread.of(cs, c -> c.latencyUs().getOrDefault(op, Map.of()).getOrDefault("p50", 0L)).median(),
            Spread.of(cs, c -> c.latencyUs().getOrDefault(op, Map.of()).getOrDefault("p99", 0L)).median()));
      }
    }
    return String.join(", ", parts);
  }

  void writeJson(Path file) throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("machine", machine);
    doc.put("data", data);
    doc.put("summary", summary());
    doc.put("cells", cells.stream().map(BenchReport::asMap).toList());
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    try (JsonGenerator g = new JsonFactory().createGenerator(file.toFile(),
        com.fasterxml.jackson.core.JsonEncoding.UTF8).useDefaultPrettyPrinter()) {
      write(g, doc);
    }
  }

  private static Map<String, Object> asMap(Cell c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("group", c.group());
    m.put(c.group().equals("load") ? "batch" : "threads", c.threads());
    m.put("repeat", c.repeat());
    m.put("side", c.side());
    m.put("throughput", c.throughput());
    m.put("operations", c.operations());
    m.put("cpuSeconds", c.cpuSeconds());
    m.put("cpuSecondsPer1000", c.cpuPerThousand());
    m.put("steadyThroughput", c.steadyThroughput());
    m.put("steadyCpuSecondsPer1000", c.steadyCpuPerThousand());
    m.put("steadySeconds", c.steady().seconds());
    m.put("serverCpuSeconds", c.serverCpuSeconds());
    m.put("serverCpuSecondsPer1000", c.serverCpuPerThousand());
    m.put("latencyUs", c.latencyUs());
    m.put("errors", c.errors());
    m.put("loadAverage", c.loadAverage());
    return m;
  }

  private static void write(JsonGenerator g, Object value) throws IOException {
    if (value instanceof Map<?, ?> map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        g.writeFieldName(e.getKey().toString());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (value instanceof List<?> list) {
      g.writeStartArray();
      for (Object o : list) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (value instanceof Spread s) {
      write(g, new LinkedHashMap<>(Map.of("median", s.median(), "min", s.min(), "max", s.max())));
    } else if (value instanceof Double d) {
      if (d.isNaN()) {
        g.writeNull();
      } else {
        g.writeNumber(d);
      }
    } else if (value instanceof Number n) {
      g.writeNumber(n.longValue());
    } else {
      g.writeString(String.valueOf(value));
    }
  }
}
