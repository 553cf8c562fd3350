/**
 * Telemetry of Kubernetes clusters: {@link dev.refarch.platform.kubernetes.telemetry.PodTelemetry}
 * reads each member pod's CPU, memory and volumes from its kubelet through the API server.
 */
package dev.refarch.platform.kubernetes.telemetry;
