/**
 * Service-level objectives on YCSB trials, for users' tests: run a trial from Java against the
 * injected cluster ({@link dev.refarch.testcontainers.slo.SloTrial}) and assert, e.g., that p99
 * UPDATE latency stays below 10 ms at a target throughput ({@link
 * dev.refarch.testcontainers.slo.SloAssert}); a violation shows the whole measured spectrum.
 *
 * <p>Start with {@link dev.refarch.testcontainers.slo.SloAssert}; one objective is a {@link
 * dev.refarch.testcontainers.slo.Slo}.
 */
package dev.refarch.testcontainers.slo;
