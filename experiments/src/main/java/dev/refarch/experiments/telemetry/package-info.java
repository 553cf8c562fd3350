/**
 * What the servers, machines and disks did while a trial ran: the built-in telemetry providers
 * ({@link dev.refarch.experiments.telemetry.MongoTelemetry} for MongoDB's own counters,
 * {@link dev.refarch.experiments.telemetry.ProcessTelemetry} and
 * {@link dev.refarch.experiments.telemetry.DiskTelemetry} for a cluster on this machine) and
 * {@link dev.refarch.experiments.telemetry.TelemetryRecorder}, which samples every provider on the
 * class path into a trial's {@code telemetry.csv}. {@link
 * dev.refarch.experiments.telemetry.ProcCpu} reads Linux's CPU accounting for them and for the
 * runner's own CPU evidence.
 */
package dev.refarch.experiments.telemetry;
