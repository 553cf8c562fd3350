/**
 * A real MongoDB in {@code mvn verify}: clusters on Testcontainers, the JUnit 5
 * {@code @MongoCluster} extension that picks an existing cluster, Testcontainers or local
 * processes, and SLO assertions on YCSB trials.
 *
 * <p>Start with {@link dev.refarch.testcontainers.junit.MongoCluster} (what users write), then
 * {@link dev.refarch.testcontainers.slo.SloAssert}; the clusters themselves are in
 * {@link dev.refarch.testcontainers.cluster}.
 */
package dev.refarch.testcontainers;
