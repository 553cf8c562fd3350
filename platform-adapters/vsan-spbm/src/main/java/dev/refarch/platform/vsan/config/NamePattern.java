package dev.refarch.platform.vsan.config;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A comma-separated list of names or globs ({@code *} any run of characters, {@code ?} one
 * character), e.g. {@code mongod-*,configsvr-1}. Used for VM names and disk labels.
 *
 * <p>Immutable and thread-safe.
 *
 * @param entries the names and globs as given, trimmed
 */
public record NamePattern(List<String> entries) {

  public NamePattern {
    entries = List.copyOf(entries);
    if (entries.isEmpty() || entries.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException("a comma-separated list of names or globs, e.g. mongod-*");
    }
  }

  public static NamePattern parse(String text) {
    return new NamePattern(Arrays.stream(text.split(",", -1)).map(String::trim).toList());
  }

  /** Whether any entry matches {@code name} exactly (globs: as a whole). */
  public boolean matches(String name) {
    return entries.stream().anyMatch(entry -> matches(entry, name));
  }

  /** The entries that match none of {@code names}: misspelt VMs or labels. */
  public List<String> unmatched(List<String> names) {
    return entries.stream().filter(e -> names.stream().noneMatch(n -> matches(e, n))).toList();
  }

  private static boolean matches(String entry, String name) {
    if (entry.indexOf('*') < 0 && entry.indexOf('?') < 0) {
      return entry.equals(name);
    }
    String regex = Arrays.stream(entry.split("(?=[*?])|(?<=[*?])"))
        .map(part -> switch (part) {
          case "*" -> ".*";
          case "?" -> ".";
          default -> Pattern.quote(part);
        })
        .collect(Collectors.joining());
    return name.matches(regex);
  }

  @Override
  public String toString() {
    return String.join(",", entries);
  }
}
