/**
 * Runs whole experiments: {@link dev.refarch.experiments.run.ExperimentRunner} takes a plan's
 * trials, after {@link dev.refarch.experiments.run.Preflight} has checked every trial's settings
 * before anything connects or writes, builds each trial with
 * {@link dev.refarch.experiments.run.TrialFactory}, interleaves repetitions (and adds them while a
 * verdict is inconclusive, {@link dev.refarch.experiments.run.RepetitionRounds}), searches the
 * highest rate that meets an SLO ({@link dev.refarch.experiments.run.SloSearch}), and reports
 * progress ({@link dev.refarch.experiments.run.Progress}). One trial is package {@code trial}'s.
 */
package dev.refarch.experiments.run;
