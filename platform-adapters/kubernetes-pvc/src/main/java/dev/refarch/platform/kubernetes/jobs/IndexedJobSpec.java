package dev.refarch.platform.kubernetes.jobs;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * N pods that each run one shell command, told apart by {@code $JOB_COMPLETION_INDEX} (0 … N-1):
 * an indexed Job. Each index gets its own input files (e.g. a properties file that may hold a
 * connection string with credentials, so they travel in a Secret, mounted read-only at
 * {@value #IN}/{@code <index>.<file>}); whatever the command writes into
 * {@value OutputArchive#OUT} comes back to the runner.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * IndexedJobSpec spec = new IndexedJobSpec("ycsb-run", "registry/refarch-client:0.1",
 *     "java -cp '/refarch/lib/*' Main -P " + IndexedJobSpec.IN + "/$JOB_COMPLETION_INDEX.client.properties",
 *     Map.of(), List.of(Map.of("client.properties", "..."), Map.of("client.properties", "...")),
 *     "1", "1Gi", Optional.empty());
 * }</pre>
 *
 * @param name the Job's name (a DNS label); pods are named after it
 * @param image the pods' image; needs {@code sh}, {@code tar} and {@code base64}
 * @param command a shell command, run with {@code sh -c}
 * @param env environment of every pod (not secret)
 * @param files per index, file name → content; its size is the number of pods
 * @param cpu request and limit per pod
 * @param memory request and limit per pod
 * @param imagePullSecret for private registries
 */
public record IndexedJobSpec(String name, String image, String command, Map<String, String> env,
    List<Map<String, String>> files, String cpu, String memory, Optional<String> imagePullSecret) {

  /** Where the pods find their input files. */
  public static final String IN = "/refarch/in";
  private static final Pattern NAME = Pattern.compile("[a-z0-9]([a-z0-9-]{0,50}[a-z0-9])?");
  private static final Pattern FILE = Pattern.compile("[-._a-zA-Z0-9]+");

  public IndexedJobSpec {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new ConfigurationException("job name", name,
          "lower-case letters, digits and '-', at most 52 characters");
    }
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(command, "command");
    env = Map.copyOf(env);
    files = files.stream().map(Map::copyOf).toList();
    if (files.isEmpty()) {
      throw new ConfigurationException("pods", "0", "1 or more (one file map per pod)");
    }
    files.forEach(f -> f.keySet().stream().filter(k -> !FILE.matcher(k).matches()).findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException("input file", k, "letters, digits, '.', '_', '-'");
        }));
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(imagePullSecret, "imagePullSecret");
  }

  /** How many pods (completions). */
  public int pods() {
    return files.size();
  }
}
