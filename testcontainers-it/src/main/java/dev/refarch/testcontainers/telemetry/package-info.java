/**
 * Telemetry of container clusters: {@link dev.refarch.testcontainers.telemetry.ContainerTelemetry}
 * reads each member's container through the Docker engine, beside the MongoDB and host sources of
 * the runner.
 */
package dev.refarch.testcontainers.telemetry;
