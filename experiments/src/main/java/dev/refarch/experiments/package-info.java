/**
 * Experiments: trials of YCSB against a MongoDB cluster, run with client JVMs on this machine (or
 * pods) and merged into one results folder per trial.
 *
 * <p>Packages follow the data flow, and none depends on one that depends on it: {@code spec}
 * reads a YAML experiment, {@code plan} turns it into trials, {@code run} runs an experiment's
 * trials, {@code trial} runs one ({@link dev.refarch.experiments.trial.TrialRunner} is where to
 * start), {@code faults} fires and analyses a fault schedule, {@code results} merges what the
 * clients measured and writes {@code results/<experiment>/<trial>/}, {@code report} reads them
 * back and judges, {@code report.format} renders what it found as pages, JSON and CSV, {@code cli}
 * is the {@code refarch} command.
 */
package dev.refarch.experiments;
