/**
 * Experiments: trials of YCSB against a MongoDB cluster, run with forked client JVMs and merged
 * into one results folder per trial.
 *
 * <p>Packages follow the data flow: {@code exec} runs a trial ({@link
 * dev.refarch.experiments.exec.TrialRunner} is where to start), {@code results} merges what the
 * clients measured and writes {@code results/<experiment>/<trial>/}.
 */
package dev.refarch.experiments;
