package dev.refarch.platform.kubernetes.telemetry;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The pods' block I/O counters in a kubelet's cAdvisor metrics ({@code /metrics/cadvisor}), read
 * from the Prometheus text exposition format: {@code container_fs_reads_total},
 * {@code container_fs_writes_total}, {@code container_fs_reads_bytes_total} and
 * {@code container_fs_writes_bytes_total}, each a series per cgroup and device, with the time
 * cAdvisor last read the cgroup as the sample's timestamp (milliseconds). A pod's own cgroup is
 * the series with an empty {@code container} label; its devices are summed.
 *
 * <p>Written here because the Prometheus Java client writes this format but does not read it,
 * and these four counters need only a line's name, its labels and its two numbers.
 */
final class CadvisorIo {

  /** The counters read, and the name and unit each takes in the telemetry. */
  enum Counter {
    READS("container_fs_reads_total", "disk.reads", "/s"),
    WRITES("container_fs_writes_total", "disk.writes", "/s"),
    READ_BYTES("container_fs_reads_bytes_total", "disk.readBytes", "bytes/s"),
    WRITE_BYTES("container_fs_writes_bytes_total", "disk.writeBytes", "bytes/s");

    final String series;
    final String metric;
    final String unit;

    Counter(String series, String metric, String unit) {
      this.series = series;
      this.metric = metric;
      this.unit = unit;
    }
  }

  /** A pod's counter, summed over its devices, and the latest time cAdvisor read it. */
  record Reading(double value, long epochMs) {
  }

  private static final Map<String, Counter> BY_SERIES = new HashMap<>();

  static {
    for (Counter c : Counter.values()) {
      BY_SERIES.put(c.series, c);
    }
  }

  private CadvisorIo() {
  }

  /**
   * Pod to counter to its reading, for the pods of {@code namespace} named in {@code pods}.
   *
   * @param epochMs the time to give a sample that carries no timestamp
   * @throws IllegalArgumentException naming the line when one of the four counters' lines is
   *     not in the text format
   */
  static Map<String, Map<Counter, Reading>> pods(String text, String namespace, Set<String> pods,
      long epochMs) {
    Map<String, Map<Counter, Reading>> out = new TreeMap<>();
    int n = 0;
    for (String line : text.split("\n")) {
      n++;
      int brace = line.indexOf('{');
      if (line.isEmpty() || line.charAt(0) == '#' || brace < 0) {
        continue; // comments, and series without labels: no pod's
      }
      Counter counter = BY_SERIES.get(line.substring(0, brace));
      if (counter == null) {
        continue;
      }
      try {
        Map<String, String> labels = new HashMap<>();
        int end = labels(line, brace + 1, labels);
        if (!labels.getOrDefault("container", "").isEmpty()
            || !namespace.equals(labels.get("namespace")) || !pods.contains(labels.get("pod"))) {
          continue;
        }
        String[] rest = line.substring(end).trim().split("\\s+");
        double value = Double.parseDouble(rest[0]);
        long at = rest.length > 1 ? Long.parseLong(rest[1]) : epochMs;
        out.computeIfAbsent(labels.get("pod"), p -> new TreeMap<>()).merge(counter,
            new Reading(value, at), (a, b) -> new Reading(a.value() + b.value(),
                Math.max(a.epochMs(), b.epochMs())));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("cAdvisor metrics, line " + n + ": not in the"
            + " Prometheus text format (" + e.getMessage() + "): " + line, e);
      }
    }
    return out;
  }

  /**
   * Reads {@code name="value",…}} from {@code at} into {@code into}, undoing the format's three
   * escapes ({@code \\ \" \n}).
   *
   * @return the index after the closing brace
   */
  private static int labels(String line, int at, Map<String, String> into) {
    int i = at;
    while (line.charAt(i) != '}') {
      int eq = line.indexOf('=', i);
      String name = line.substring(i, eq).trim();
      if (line.charAt(eq + 1) != '"') {
        throw new IllegalArgumentException("label " + name + "'s value is not quoted");
      }
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      for (char c = line.charAt(j); c != '"'; c = line.charAt(++j)) {
        if (c == '\\') {
          char e = line.charAt(++j);
          value.append(e == 'n' ? '\n' : e);
        } else {
          value.append(c);
        }
      }
      into.put(name, value.toString());
      i = j + 1;
      if (line.charAt(i) == ',') {
        i++;
      }
    }
    return i + 1;
  }
}
