/**
 * Faults during a trial: a {@link dev.refarch.experiments.faults.FaultSchedule} ("at t=30 s kill the
 * primary"), the {@link dev.refarch.experiments.faults.FaultScheduler} that fires it while a phase
 * runs, the {@link dev.refarch.experiments.faults.ElectionMonitor} that watches the server side, and
 * {@link dev.refarch.experiments.faults.Interruption}, which reads client-observed interruption
 * time off the merged timeline.
 */
package dev.refarch.experiments.faults;
