/**
 * Turns the array's raw, ever-growing I/O counters into per-phase figures: a
 * {@link dev.refarch.platform.santricity.stats.StatisticsSnapshot} is taken before and after a
 * phase, and {@link dev.refarch.platform.santricity.stats.PhaseStatistics#between} computes each
 * volume's (and drive's) IOPS, MB/s and mean latency, recorded with the trial's platform state.
 */
package dev.refarch.platform.santricity.stats;
