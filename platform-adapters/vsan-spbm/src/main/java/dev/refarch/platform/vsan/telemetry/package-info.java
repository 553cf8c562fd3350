/**
 * Telemetry from vSphere: {@link dev.refarch.platform.vsan.telemetry.VsanTelemetry}, the vSAN
 * performance service's figures per VM during a trial.
 */
package dev.refarch.platform.vsan.telemetry;
