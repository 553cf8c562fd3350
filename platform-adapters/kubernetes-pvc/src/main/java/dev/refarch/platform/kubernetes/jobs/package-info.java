/**
 * Distributed clients as Kubernetes indexed Jobs: run N pods with one command, each with its own
 * input files, and get back each pod's output folder, which the pod prints — tar'd, gzip'd and
 * base64-encoded between marker lines — to its log when its command ends.
 *
 * <p>Start with {@link dev.refarch.platform.kubernetes.jobs.IndexedJobs}; the hand-back format is
 * {@link dev.refarch.platform.kubernetes.jobs.OutputArchive}. Nothing here knows YCSB: the
 * experiments module's {@code KubernetesClients} turns pod outputs into client measurements.
 */
package dev.refarch.platform.kubernetes.jobs;
