package dev.refarch.experiments.faults;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When to inject which faults during a trial, counted from the start of a phase's clients.
 *
 * <p>Text form: entries separated by {@code ;} or new lines, each
 * {@code [load+|run+]<time> <action> <target> [key=value ...]}; the phase defaults to {@code run},
 * times are {@code 30s}, {@code 1500ms} or {@code 2m}:
 *
 * <pre>
 * 30s kill primary; 90s restart primary
 * load+5s stepdown primary seconds=30
 * 120s vsan:host-standby esx-02
 * </pre>
 *
 * Immutable; entries are ordered by phase, then time.
 *
 * @param entries the scheduled faults
 */
public record FaultSchedule(List<Entry> entries) {

  /** The allowed text form, for error messages. */
  public static final String FORM = "entries '[load+|run+]<time> <action> <target> [key=value ...]'"
      + " separated by ';', times like 30s, 1500ms or 2m";

  private static final Pattern ENTRY = Pattern.compile(
      "(?:(load|run)\\+)?(\\d+)(ms|s|m)\\s+(\\S+)\\s+(\\S+)((?:\\s+[^=\\s]+=\\S+)*)");

  /**
   * One scheduled fault.
   *
   * @param phase the phase whose clients' first measured operations are time zero
   * @param at when, after that
   * @param fault what to do
   */
  public record Entry(Phase phase, Duration at, Fault fault) {
  }

  public FaultSchedule {
    entries = entries.stream().sorted(Comparator.comparing(Entry::phase)
        .thenComparing(Entry::at)).toList();
  }

  public static FaultSchedule none() {
    return new FaultSchedule(List.of());
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The entries of one phase. */
  public List<Entry> of(Phase phase) {
    return entries.stream().filter(e -> e.phase() == phase).toList();
  }

  /**
   * Parses the text form.
   *
   * @throws ConfigurationException naming the entry that does not parse and the form
   */
  public static FaultSchedule parse(String text) {
    List<Entry> entries = new ArrayList<>();
    if (text == null || text.isBlank()) {
      return none();
    }
    for (String raw : text.split("[;\\n]")) {
      String entry = raw.trim();
      if (entry.isEmpty()) {
        continue;
      }
      Matcher m = ENTRY.matcher(entry);
      if (!m.matches()) {
        throw new ConfigurationException("faults", entry, FORM,
            "e.g. '30s kill primary; 90s restart primary'");
      }
      Phase phase = m.group(1) == null ? Phase.RUN : Phase.valueOf(m.group(1).toUpperCase(Locale.ROOT));
      long n = Long.parseLong(m.group(2));
      Duration at = switch (m.group(3)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        default -> Duration.ofMinutes(n);
      };
      Map<String, String> parameters = new LinkedHashMap<>();
      for (String kv : m.group(6).trim().split("\\s+")) {
        if (!kv.isEmpty()) {
          parameters.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
      }
      entries.add(new Entry(phase, at, new Fault(m.group(4), m.group(5), parameters)));
    }
    return new FaultSchedule(entries);
  }

  /** The text form, parseable by {@link #parse}; each fault's parameters in key order. */
  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    for (Entry e : entries) {
      StringBuilder b = new StringBuilder(e.phase().label()).append('+')
          .append(e.at().toMillis()).append("ms ").append(e.fault().action()).append(' ')
          .append(e.fault().target());
      // sorted: a fault's parameters are an unordered map, and this text is stored and compared
      new java.util.TreeMap<>(e.fault().parameters()).forEach((k, v) -> b.append(' ').append(k)
          .append('=').append(v));
      parts.add(b.toString());
    }
    return String.join("; ", parts);
  }
}
