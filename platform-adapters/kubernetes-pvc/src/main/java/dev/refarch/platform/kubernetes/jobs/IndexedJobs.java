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
import java.util.function.Predicate;

/**
 * Runs an {@link IndexedJobSpec} as a Kubernetes indexed Job and gives back each pod's output
 * folder, read from its log ({@link OutputArchive}). {@link #submit} creates the Job; its
 * {@link Submitted} handle waits until every pod has started (so that a trial's fault schedule
 * counts from when the clients run), then until every index has a pod that succeeded or failed,
 * a pod failed (the others are then stopped, as a dead local client ends its phase), the Job
 * failed or the timeout passed, and collects what there is. Closing the handle deletes the Job,
 * its pods and its Secret ({@code k8s.cleanup=delete}) or keeps them ({@code retain}). A pod
 * whose image cannot be pulled, or a Job whose pods quota or admission refuse, ends a wait at
 * once with the reason.
 *
 * <p>Thread-safe: each {@link #submit} uses its own Job, named by the spec.
 *
 * <pre>{@code
 * IndexedJobs jobs = new IndexedJobs(client, "bench", "r1b2c3", Cleanup.DELETE);
 * try (IndexedJobs.Submitted job = jobs.submit(spec, Duration.ofMinutes(30))) {
 *   job.awaitStarted(Duration.ofMinutes(5));
 *   List<PodOutput> out = job.awaitEnd(Duration.ofMinutes(30), i -> dir.resolve("run-" + i));
 * }
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
   * Runs the pods and collects their outputs: {@link #submit}, then {@link Submitted#awaitEnd}.
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
    try (Submitted job = submit(spec, timeout)) {
      return job.awaitEnd(timeout, dirOf);
    }
  }

  /**
   * Creates the Job's Secret and the Job. Nothing is left behind when this throws.
   *
   * @param timeout the Job's {@code activeDeadlineSeconds}
   * @throws PlatformException when the API server refuses (RBAC, quota, a name in use)
   */
  public Submitted submit(IndexedJobSpec spec, Duration timeout) {
    Submitted submitted = new Submitted(spec);
    try {
      Secret inputs = JobManifests.inputs(spec, namespace, trial);
      ApiErrors.run("create Secret " + namespace + "/" + inputs.getMetadata().getName()
          + " (inputs of " + submitted.what + ")", () -> client.secrets().inNamespace(namespace)
          .resource(inputs).create());
      Job job = JobManifests.job(spec, namespace, trial, timeout);
      ApiErrors.run("create " + submitted.what, () -> client.batch().v1().jobs()
          .inNamespace(namespace).resource(job).create());
      return submitted;
    } catch (RuntimeException e) {
      submitted.close();
      throw e;
    }
  }

  /**
   * A created Job. Not thread-safe except {@link #close}, which may be called from another
   * thread to stop the pods, and is idempotent.
   */
  public final class Submitted implements AutoCloseable {

    private final IndexedJobSpec spec;
    private final String what;
    private boolean closed; // guarded by this

    private Submitted(IndexedJobSpec spec) {
      this.spec = spec;
      this.what = "Job " + namespace + "/" + spec.name();
    }

    /**
     * Waits until every index has a pod whose container started (Running) or already ended.
     *
     * @throws PlatformException when a pod cannot start (its image cannot be pulled), the Job
     *     cannot create its pods (quota, admission), or {@code timeout} passes
     */
    public void awaitStarted(Duration timeout) {
      Waits.until(what + " started (" + spec.pods() + " pods running)", timeout, () -> {
        Map<Integer, Pod> pods = failFast();
        long started = pods.values().stream().filter(p -> ended(p)
            || "Running".equals(phase(p))).count();
        return started == spec.pods() ? Waits.done(Boolean.TRUE)
            : Waits.pending(started + " of " + spec.pods() + " pods running; "
                + describeOthers(pods, p -> "Running".equals(phase(p))));
      });
    }

    /**
     * Waits until every index has ended, a pod failed, the Job failed or {@code timeout} passed,
     * and unpacks each ended pod's output folder.
     *
     * @param dirOf where index {@code i}'s output folder goes
     * @return one entry per index, in index order; pods that failed or did not finish carry a
     *     {@link PodOutput#problem()}
     * @throws PlatformException when a pod cannot start or the Job cannot create its pods
     */
    public List<PodOutput> awaitEnd(Duration timeout, IntFunction<Path> dirOf) {
      Optional<String> unfinished;
      try {
        Waits.until(what + " finished (" + spec.pods() + " pods)", timeout, () -> {
          Map<Integer, Pod> pods = failFast();
          long ended = pods.values().stream().filter(IndexedJobs::ended).count();
          boolean anyFailed = pods.values().stream().anyMatch(p -> "Failed".equals(phase(p)));
          if (ended == spec.pods() || anyFailed || jobFailed(spec).isPresent()) {
            return Waits.done(Boolean.TRUE);
          }
          return Waits.pending(ended + " of " + spec.pods() + " pods ended; "
              + describeOthers(pods, IndexedJobs::ended));
        });
        unfinished = jobFailed(spec);
      } catch (Waits.TimedOut e) {
        unfinished = Optional.of(e.getMessage());
      }
      return collect(spec, dirOf, unfinished);
    }

    /** Pods by index; throws when one cannot start or the Job cannot create them. */
    private Map<Integer, Pod> failFast() {
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
      return pods;
    }

    private String describeOthers(Map<Integer, Pod> pods, Predicate<Pod> done) {
      return String.join("; ", pods.values().stream().filter(done.negate())
          .map(PodStatuses::describe).toList());
    }

    /** Deletes the Job, its pods and its Secret, unless {@code k8s.cleanup=retain}. */
    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (cleanup == Cleanup.DELETE) {
        delete(spec);
      }
    }
  }

  private static String phase(Pod p) {
    return p.getStatus() == null ? null : p.getStatus().getPhase();
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
    return "Succeeded".equals(phase(p)) || "Failed".equals(phase(p));
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
