/**
 * The JUnit 5 side: {@link dev.refarch.testcontainers.junit.MongoCluster} on a test class gets
 * it one real MongoDB cluster, from the first backend that can provide it — an existing cluster
 * named by a system property, Testcontainers, or local processes — or skips its tests with every
 * backend's reason.
 *
 * <p>Start with {@link dev.refarch.testcontainers.junit.MongoCluster}; the lifecycle is in
 * {@link dev.refarch.testcontainers.junit.MongoClusterExtension}, the choice of backend in
 * {@link dev.refarch.testcontainers.junit.Backends}.
 */
package dev.refarch.testcontainers.junit;
