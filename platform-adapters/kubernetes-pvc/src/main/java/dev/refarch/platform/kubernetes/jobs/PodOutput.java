package dev.refarch.platform.kubernetes.jobs;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What one pod of an indexed Job left: how it ended and, unpacked from its log, its output folder
 * ({@code stdout.txt}, {@code stderr.txt}, {@code exit-code.txt} and whatever its command wrote).
 *
 * @param index the pod's completion index
 * @param pod the pod's name, empty when no pod ran for the index
 * @param node the node it ran on
 * @param phase the pod's phase: Succeeded, Failed, or what it was when the wait ended
 * @param exitCode the container's exit code, when it terminated
 * @param dir where its output folder was unpacked
 * @param problem why its output is missing or incomplete; empty when everything came back
 */
public record PodOutput(int index, Optional<String> pod, String node, String phase,
    OptionalInt exitCode, Path dir, Optional<String> problem) {

  public PodOutput {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(exitCode, "exitCode");
    Objects.requireNonNull(problem, "problem");
  }

  /** Whether the pod succeeded and its output came back whole. */
  public boolean completed() {
    return "Succeeded".equals(phase) && problem.isEmpty();
  }
}
