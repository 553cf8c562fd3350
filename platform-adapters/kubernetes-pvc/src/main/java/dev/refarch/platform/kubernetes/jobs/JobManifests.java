package dev.refarch.platform.kubernetes.jobs;

import dev.refarch.platform.kubernetes.api.Labels;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds an indexed Job and the Secret with its pods' input files. Pods never restart and the Job
 * never retries ({@code backoffLimit: 0}): a benchmark client that died must fail the trial, not
 * run again with half its operations done.
 *
 * <p>Stateless and thread-safe.
 */
final class JobManifests {

  private JobManifests() {
  }

  static String inputsName(IndexedJobSpec spec) {
    return spec.name() + "-inputs";
  }

  static Secret inputs(IndexedJobSpec spec, String namespace, String trial) {
    Map<String, String> data = new LinkedHashMap<>();
    for (int i = 0; i < spec.files().size(); i++) {
      int index = i;
      spec.files().get(i).forEach((file, content) -> data.put(index + "." + file, content));
    }
    return new SecretBuilder().withNewMetadata().withName(inputsName(spec))
        .withNamespace(namespace).withLabels(Labels.of(trial, "clients")).endMetadata()
        .withStringData(data).build();
  }

  static Job job(IndexedJobSpec spec, String namespace, String trial, Duration timeout) {
    Map<String, String> podLabels = new LinkedHashMap<>(Labels.of(trial, "clients"));
    podLabels.put(IndexedJobs.JOB_LABEL, spec.name());
    Map<String, Quantity> resources = Map.of("cpu", new Quantity(spec.cpu()),
        "memory", new Quantity(spec.memory()));
    List<EnvVar> env = new ArrayList<>();
    spec.env().forEach((k, v) -> env.add(new EnvVar(k, v, null)));
    env.add(new EnvVar(OutputArchive.COMMAND_ENV, spec.command(), null));
    JobBuilder b = new JobBuilder().withNewMetadata().withName(spec.name())
        .withNamespace(namespace).withLabels(Labels.of(trial, "clients")).endMetadata()
        .withNewSpec().withCompletionMode("Indexed").withCompletions(spec.pods())
        .withParallelism(spec.pods()).withBackoffLimit(0)
        .withActiveDeadlineSeconds(Math.max(1, timeout.toSeconds()))
        .withNewTemplate().withNewMetadata().withLabels(podLabels).endMetadata()
        .withNewSpec().withRestartPolicy("Never")
        .addNewContainer().withName("client").withImage(spec.image())
        .withCommand("/bin/sh", "-c", OutputArchive.wrapper()).withEnv(env)
        .withNewResources().withRequests(resources).withLimits(resources).endResources()
        .addNewVolumeMount().withName("inputs").withMountPath(IndexedJobSpec.IN)
        .withReadOnly(true).endVolumeMount()
        .addNewVolumeMount().withName("out").withMountPath(OutputArchive.OUT).endVolumeMount()
        .endContainer()
        // readable by any user: images that run as non-root (restricted PodSecurity) must read
        // them too, and the mount is private to the pod anyway
        .addNewVolume().withName("inputs").withNewSecret().withSecretName(inputsName(spec))
        .withDefaultMode(0444).endSecret().endVolume()
        .addNewVolume().withName("out").withNewEmptyDir().endEmptyDir().endVolume()
        .endSpec().endTemplate().endSpec();
    spec.imagePullSecret().ifPresent(s -> b.editSpec().editTemplate().editSpec()
        .addNewImagePullSecret(s).endSpec().endTemplate().endSpec());
    return b.build();
  }
}
