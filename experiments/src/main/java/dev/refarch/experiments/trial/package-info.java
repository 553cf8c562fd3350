/**
 * Runs one trial: hooks around each phase, N YCSB clients per phase, faults, timeouts, and the
 * collection of what every client wrote.
 *
 * <p>Start with {@link dev.refarch.experiments.trial.TrialRunner}; a trial is described by the
 * immutable {@link dev.refarch.experiments.trial.TrialSpec}; each client is a
 * {@link dev.refarch.experiments.trial.ClientProcess} in a {@link
 * dev.refarch.experiments.trial.ClientMain} JVM, kept warm across phases by {@link
 * dev.refarch.experiments.trial.WarmClients} or forked for the phase to run the stock
 * {@code site.ycsb.Client}; a {@link dev.refarch.experiments.trial.ClientLauncher} may run them
 * elsewhere (package {@code kubernetes}). A run that lasts until steady is watched by
 * {@link dev.refarch.experiments.trial.SteadyWatch}, which stops the clients through
 * {@link dev.refarch.experiments.trial.StopSignal}; {@link
 * dev.refarch.experiments.trial.PhaseCollector} merges a phase and judges its steadiness;
 * {@link dev.refarch.experiments.trial.FaultRun} fires a trial's fault schedule;
 * {@link dev.refarch.experiments.trial.TrialTelemetrySampling} samples the servers beside the
 * clients (package {@code telemetry}), and {@link dev.refarch.experiments.trial.LiveClientFigures}
 * reads the running clients' latest figures for a live view.
 */
package dev.refarch.experiments.trial;
