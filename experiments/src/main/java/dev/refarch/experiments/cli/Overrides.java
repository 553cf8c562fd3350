package dev.refarch.experiments.cli;

import com.mongodb.ConnectionString;
import dev.refarch.experiments.spec.ClusterSpec;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Problems;
import dev.refarch.experiments.spec.PropertyCheck;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.Topology;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --set} and {@code --cluster}, parsed and checked before any spec is touched: every
 * {@code --set} is checked by itself (its key's declaration, the same as in a spec) and all
 * problems are reported together.
 *
 * @param clients {@code --set clients=N}, if given
 * @param threads {@code --set threads=N} (per client), if given
 * @param repetitions {@code --set repetitions=N}, or the most of {@code MIN-MAX}, if given
 * @param repetitionsMin the fewest of {@code --set repetitions=MIN-MAX}, if given
 * @param properties the other {@code --set}s, in order
 * @param cluster {@code --cluster}, if given
 */
record Overrides(Optional<Integer> clients, Optional<Integer> threads,
    Optional<Integer> repetitions, Optional<Integer> repetitionsMin,
    Map<String, String> properties, Optional<String> cluster) {

  static final String KUBERNETES_LOCAL = "kubernetes-local";

  /**
   * Parses the options.
   *
   * @throws dev.refarch.experiments.spec.InvalidInput listing every bad {@code --set} and a bad
   *     {@code --cluster}
   */
  static Overrides parse(List<String> sets, String cluster) {
    Problems problems = new Problems();
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, String> props = new LinkedHashMap<>();
    for (String set : sets) {
      int eq = set.indexOf('=');
      if (eq <= 0) {
        problems.add(new ConfigurationException("--set", set, "key=value").getMessage());
        continue;
      }
      String key = set.substring(0, eq).trim();
      String value = set.substring(eq + 1);
      switch (key) {
        case "clients" -> problems.check(() -> count(key, value, ExperimentSpec.MAX_CLIENTS,
            "each client is a JVM of its own")).ifPresent(n -> counts.put(key, n));
        case "threads" -> problems.check(() -> count(key, value, ExperimentSpec.MAX_THREADS,
            "YCSB threads per client")).ifPresent(n -> counts.put(key, n));
        case "repetitions" -> problems.check(() -> repetitions(value)).ifPresent(r -> {
          counts.put(key, r[1]);
          if (r[0] != r[1]) {
            counts.put("repetitions.min", r[0]);
          }
        });
        default -> {
          problems.run(() -> {
            try {
              PropertyCheck.validate(key, value);
            } catch (ConfigurationException e) {
              throw new ConfigurationException("--set " + key, value, e.allowed(), e.hint());
            }
          });
          props.put(key, value);
        }
      }
    }
    if (cluster != null) {
      problems.run(() -> parseCluster(cluster, ClusterSpec.local("rs=1")));
    }
    problems.throwIfAny();
    return new Overrides(Optional.ofNullable(counts.get("clients")),
        Optional.ofNullable(counts.get("threads")), Optional.ofNullable(counts.get("repetitions")),
        Optional.ofNullable(counts.get("repetitions.min")), props, Optional.ofNullable(cluster));
  }

  /**
   * {@code N} (exactly N) or {@code MIN-MAX} (another round while a verdict is inconclusive), as
   * {@code [min, max]}.
   */
  private static int[] repetitions(String value) {
    String[] parts = value.trim().split("-", -1);
    String allowed = "an integer from 1 to " + ExperimentSpec.MAX_REPETITIONS + ", or MIN-MAX"
        + " (e.g. 2-5: another repetition of a point while a verdict on it is inconclusive)";
    try {
      int min = Integer.parseInt(parts[0].trim());
      int max = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : min;
      if (parts.length <= 2 && min >= 1 && min <= max && max <= ExperimentSpec.MAX_REPETITIONS) {
        return new int[] {min, max};
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigurationException("--set repetitions", value, allowed);
  }

  private static int count(String key, String value, int max, String why) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1 && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ConfigurationException("--set " + key, value, "an integer from 1 to " + max, why);
  }

  /** {@code spec} with these overrides. */
  ExperimentSpec apply(ExperimentSpec spec) {
    ExperimentSpec.Builder b = spec.toBuilder();
    cluster.ifPresent(c -> b.cluster(parseCluster(c, spec.cluster())));
    clients.ifPresent(b::clients);
    threads.ifPresent(b::threads);
    repetitions.ifPresent(max -> {
      if (repetitionsMin.isPresent()) {
        b.repetitions(repetitionsMin.get(), max, spec.autoRepetitions()
            .flatMap(dev.refarch.experiments.spec.AutoRepetitions::budget));
      } else {
        b.repetitions(max);
      }
    });
    properties.forEach(b::property);
    return b.build();
  }

  static boolean isKubernetesLocal(String cluster) {
    return cluster.equals(KUBERNETES_LOCAL) || cluster.startsWith(KUBERNETES_LOCAL + ":");
  }

  /** {@code spec} on the running single-node Kubernetes: its settings under the spec's own. */
  static ExperimentSpec withLocalKubernetes(ExperimentSpec spec, Map<String, String> k8s) {
    return spec.toBuilder().cluster(spec.cluster().withSettings(k8s)).build();
  }

  /**
   * {@code uri:<connection string>}, or a provisioner's name with an optional topology
   * ({@code local:pss}, {@code testcontainers}); without one the spec's topology (and its sweep)
   * stays. {@code kubernetes-local} is the {@code kubernetes} type; the command starts it only
   * when it runs.
   */
  static ClusterSpec parseCluster(String text, ClusterSpec current) {
    if (text.startsWith("uri:")) {
      String uri = text.substring(4);
      try {
        new ConnectionString(uri);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("--cluster", text, "uri:mongodb://… or"
            + " uri:mongodb+srv://…",
            dev.refarch.platform.spi.Redaction.maskUri(firstLine(e.getMessage())));
      }
      return new ClusterSpec("uri", current.topology(), Optional.of(uri), Map.of());
    }
    int colon = text.indexOf(':');
    String type = colon < 0 ? text : text.substring(0, colon);
    Topology topology = current.topology();
    if (colon >= 0) {
      try {
        topology = Topology.parse(text.substring(colon + 1));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("--cluster", text, "<provisioner>:<topology> with a"
            + " topology of " + Topology.ALLOWED);
      }
    }
    if (type.equals(KUBERNETES_LOCAL)) {
      return new ClusterSpec("kubernetes", topology, Optional.empty(), current.settings());
    }
    if (!type.equals("uri") && Extensions.provisioners().containsKey(type)) {
      return new ClusterSpec(type, topology, Optional.empty(), current.settings());
    }
    throw new ConfigurationException("--cluster", text, "<provisioner>[:<topology>] with a"
        + " provisioner of " + String.join(", ", Extensions.provisioners().keySet())
        + ", kubernetes-local[:<topology>], or uri:<connection string>");
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}
