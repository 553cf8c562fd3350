package dev.refarch.platform.kubernetes.jobs;

import dev.refarch.platform.kubernetes.api.ApiErrors;
import dev.refarch.platform.kubernetes.api.Events;
import dev.refarch.platform.kubernetes.api.Labels;
import dev.refarch.platform.kubernetes.api.PodStatuses;
import dev.refarch.platform.kubernetes.api.Waits;
import dev.refarch.platform.kubernetes.config.K8sProperties.Cleanup;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * Runs an {@link IndexedJobSpec} as a Kubernetes indexed Job and gives back each pod's output
 * folder, read from its log ({@link OutputArchive}). It waits until every index has a pod that
 * succeeded or failed, the Job failed, or the timeout passed, then collects what there is and
 * deletes the Job, its pods and its Secret ({@code k8s.cleanup=delete}) or keeps them
 * ({@code retain}). A pod whose image cannot be pulled, or a Job whose pods quota or admission
 * refuse, ends the wait at once with the reason.
 *
 * <p>Thread-safe: each {@link #run} uses its own Job, named by the spec.
 *
 * <pre>{@code
 * IndexedJobs jobs = new IndexedJobs(client, "bench", "r1b2c3", Cleanup.DELETE);
 * List<PodOutput> out = jobs.run(spec, Duration.ofMinutes(30), i -> dir.resolve("run-" + i));
 * }</pre>
 */
public final class IndexedJobs {

  /** The annotation (and, since Kubernetes 1.28, label) with a pod's completion index. */
  static final String INDEX = "batch.kubernetes.io/job-completion-index";
  /** Our label on a Job's pods, naming the Job (the controller's own label varies by version). */
  static final String JOB_LABEL = "refarch/job";

  private final KubernetesClient client;
  private final String namespace;
  private final String trial;
  private final Cleanup cleanup;

  public IndexedJobs(KubernetesClient client, String namespace, String trial, Cleanup cleanup) {
    this.client = client;
    this.namespace = namespace;
    this.trial = trial;
    this.cleanup = cleanup;
  }

  /**
   * Runs the pods and collects their outputs.
   *
   * @param timeout how long the pods may take; also the Job's {@code activeDeadlineSeconds}, so
   *     an abandoned Job stops by itself
   * @param dirOf where index {@code i}'s output folder goes
   * @return one entry per index, in index order; pods that failed or did not finish carry a
   *     {@link PodOutput#problem()}
   * @throws PlatformException when the Job cannot run at all: refused by RBAC or quota, or an
   *     image that cannot be pulled
   */
  public List<PodOutput> run(IndexedJobSpec spec, Duration timeout, IntFunction<Path> dirOf) {
    String what = "Job " + namespace + "/" + spec.name();
    try {
      Secret inputs = JobManifests.inputs(spec, namespace, trial);
      ApiErrors.run("create Secret " + namespace + "/" + inputs.getMetadata().getName()
          + " (inputs of " + what + ")", () -> client.secrets().inNamespace(namespace)
          .resource(inputs).create());
      Job job = JobManifests.job(spec, namespace, trial, timeout);
      ApiErrors.run("create " + what, () -> client.batch().v1().jobs().inNamespace(namespace)
          .resource(job).create());
      Optional<String> unfinished = await(spec, timeout, what);
      return collect(spec, dirOf, unfinished);
    } finally {
      if (cleanup == Cleanup.DELETE) {
        delete(spec);
      }
    }
  }

  /** Waits for every index to end; returns why some did not, when the wait ended early. */
  private Optional<String> await(IndexedJobSpec spec, Duration timeout, String what) {
    try {
      Waits.until(what + " finished (" + spec.pods() + " pods)", timeout, () -> {
        Map<Integer, Pod> pods = podsByIndex(spec);
        for (Pod p : pods.values()) {
          PodStatuses.stuck(p).ifPresent(reason -> {
            throw new PlatformException("run " + what, "pod " + p.getMetadata().getName()
                + " cannot start: " + reason + "; fix: check k8s.clients.image and"
                + " k8s.imagePullSecret");
          });
        }
        if (pods.isEmpty()) {
          Events.latest(client, namespace, "Job", spec.name(), Set.of("FailedCreate"))
              .ifPresent(reason -> {
                throw new PlatformException("run " + what, "the Job cannot create its pods: "
                    + reason);
              });
        }
        long ended = pods.values().stream().filter(IndexedJobs::ended).count();
        if (ended == spec.pods()) {
          return Waits.done(Boolean.TRUE);
        }
        Optional<String> failed = jobFailed(spec);
        if (failed.isPresent()) {
          return Waits.done(Boolean.FALSE);
        }
        return Waits.pending(ended + " of " + spec.pods() + " pods ended; "
            + String.join("; ", pods.values().stream().filter(p -> !ended(p))
                .map(PodStatuses::describe).toList()));
      });
      return jobFailed(spec);
    } catch (Waits.TimedOut e) {
      return Optional.of(e.getMessage());
    }
  }

  private Optional<String> jobFailed(IndexedJobSpec spec) {
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(spec.name()).get();
    if (job == null || job.getStatus() == null || job.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()))
        .map(c -> "the Job failed: " + c.getReason() + ": " + c.getMessage()).findFirst();
  }

  private List<PodOutput> collect(IndexedJobSpec spec, IntFunction<Path> dirOf,
      Optional<String> unfinished) {
    Map<Integer, Pod> pods = podsByIndex(spec);
    List<PodOutput> outputs = new ArrayList<>();
    for (int i = 0; i < spec.pods(); i++) {
      Path dir = dirOf.apply(i);
      Pod p = pods.get(i);
      if (p == null) {
        outputs.add(new PodOutput(i, Optional.empty(), "(none)", "(no pod)", OptionalInt.empty(),
            dir, Optional.of("no pod ran for index " + i + unfinished.map(u -> ": " + u)
                .orElse(""))));
        continue;
      }
      String phase = p.getStatus() == null ? "Unknown" : p.getStatus().getPhase();
      Optional<String> problem = ended(p) ? unpack(p, dir)
          : Optional.of("pod " + p.getMetadata().getName() + " did not end: "
              + PodStatuses.describe(p) + unfinished.map(u -> "; " + u).orElse(""));
      if (problem.isEmpty() && !"Succeeded".equals(phase)) {
        problem = Optional.of("pod " + p.getMetadata().getName() + " " + phase);
      }
      outputs.add(new PodOutput(i, Optional.of(p.getMetadata().getName()), PodStatuses.node(p),
          phase, exitCode(p), dir, problem));
    }
    return outputs;
  }

  private Optional<String> unpack(Pod p, Path dir) {
    String name = p.getMetadata().getName();
    try {
      Files.createDirectories(dir);
      String log = client.pods().inNamespace(namespace).withName(name).getLog();
      OutputArchive.extract(log == null ? "" : log, dir);
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("pod " + name + ": " + e.getMessage());
    } catch (KubernetesClientException e) {
      return Optional.of(ApiErrors.translate("read the log of pod " + namespace + "/" + name, e)
          .getMessage());
    }
  }

  /** The newest pod of each index. */
  private Map<Integer, Pod> podsByIndex(IndexedJobSpec spec) {
    List<Pod> pods = client.pods().inNamespace(namespace).withLabel(JOB_LABEL, spec.name())
        .list().getItems();
    Map<Integer, Pod> byIndex = new TreeMap<>();
    pods.stream().sorted(Comparator.comparing(p -> String.valueOf(
        p.getMetadata().getCreationTimestamp()))).forEach(p -> index(p).ifPresent(i ->
            byIndex.put(i, p)));
    return byIndex;
  }

  private static OptionalInt index(Pod p) {
    Map<String, String> all = new LinkedHashMap<>();
    if (p.getMetadata().getLabels() != null) {
      all.putAll(p.getMetadata().getLabels());
    }
    if (p.getMetadata().getAnnotations() != null) {
      all.putAll(p.getMetadata().getAnnotations());
    }
    try {
      return all.containsKey(INDEX) ? OptionalInt.of(Integer.parseInt(all.get(INDEX)))
          : OptionalInt.empty();
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  private static boolean ended(Pod p) {
    String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  private static OptionalInt exitCode(Pod p) {
    if (p.getStatus() == null || p.getStatus().getContainerStatuses() == null) {
      return OptionalInt.empty();
    }
    return p.getStatus().getContainerStatuses().stream().map(ContainerStatus::getState)
        .filter(s -> s != null && s.getTerminated() != null)
        .mapToInt(s -> s.getTerminated().getExitCode()).findFirst();
  }

  private void delete(IndexedJobSpec spec) {
    try {
      client.batch().v1().jobs().inNamespace(namespace).withName(spec.name())
          .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      client.pods().inNamespace(namespace).withLabel(JOB_LABEL, spec.name()).delete();
      client.secrets().inNamespace(namespace).withName(JobManifests.inputsName(spec)).delete();
    } catch (KubernetesClientException e) {
      System.err.println("[kubernetes] " + ApiErrors.translate("delete " + "Job " + namespace
          + "/" + spec.name() + " and its pods and Secret", e).getMessage()
          + "; remove them with kubectl delete job,pod,secret -l " + Labels.TRIAL + "=" + trial);
    }
  }
}
