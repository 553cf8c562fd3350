/**
 * Telemetry of E-Series arrays: {@link dev.refarch.platform.santricity.telemetry.SantricityTelemetry}
 * reads the trial's volumes' I/O counters once a second, beside the hook's per-phase statistics.
 */
package dev.refarch.platform.santricity.telemetry;
