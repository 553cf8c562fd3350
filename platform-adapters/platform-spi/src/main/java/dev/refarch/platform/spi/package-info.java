/**
 * The extension points every platform adapter implements, with no dependencies of their own.
 *
 * <p>Start reading at {@link dev.refarch.platform.spi.PlatformHook} (what runs around a YCSB
 * phase), then {@link dev.refarch.platform.spi.ClusterProvisioner} (what starts a MongoDB
 * cluster), {@link dev.refarch.platform.spi.FaultInjector} (what breaks it on purpose) and
 * {@link dev.refarch.platform.spi.Extensions} (how all of them are found by name through
 * {@link java.util.ServiceLoader}).
 */
package dev.refarch.platform.spi;
