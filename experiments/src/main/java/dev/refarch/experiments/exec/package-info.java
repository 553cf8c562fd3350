/**
 * Runs one trial: hooks around each phase, N YCSB clients per phase, timeouts, and the
 * collection of what every client wrote.
 *
 * <p>Start with {@link dev.refarch.experiments.exec.TrialRunner}; a trial is described by the
 * immutable {@link dev.refarch.experiments.exec.TrialSpec}; each client is a
 * {@link dev.refarch.experiments.exec.ClientProcess} in a {@link
 * dev.refarch.experiments.exec.ClientMain} JVM, kept warm across phases by {@link
 * dev.refarch.experiments.exec.WarmClients} or forked for the phase to run the stock
 * {@code site.ycsb.Client}.
 * {@link dev.refarch.experiments.exec.KubernetesClients} runs a phase's clients as the pods of a
 * Kubernetes indexed Job instead, and merges them the same way. A run that lasts until steady is
 * watched by {@link dev.refarch.experiments.exec.SteadyWatch}, which stops the clients through
 * {@link dev.refarch.experiments.exec.StopSignal}; {@link
 * dev.refarch.experiments.exec.PhaseCollector} merges a phase and judges its steadiness.
 * {@link dev.refarch.experiments.exec.ExperimentRunner} runs a whole planned experiment, after
 * {@link dev.refarch.experiments.exec.Preflight} has checked every trial's settings before
 * anything connects or writes.
 */
package dev.refarch.experiments.exec;
