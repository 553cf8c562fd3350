/**
 * Live figures of a running experiment for Prometheus ({@link
 * dev.refarch.experiments.live.LiveMetrics}, {@code refarch run --metrics}): a trial runner
 * listener that serves what the clients and the telemetry sources report while they run.
 */
package dev.refarch.experiments.live;
