/**
 * Runs {@link dev.refarch.platform.spi.PlatformHook}s around a YCSB phase.
 *
 * <p>Start with {@link dev.refarch.ycsb.hooks.HookRunner}, which keeps the SPI's contract (validate
 * all, then {@code before} in order, {@code after} in reverse for every hook started, also on
 * failure). {@link dev.refarch.ycsb.hooks.ThreadHookSession} adapts it to YCSB's threads inside a
 * plain {@code bin/ycsb} run: {@code before} on the first thread's {@code init()}, {@code after}
 * on the last thread's {@code cleanup()}.
 */
package dev.refarch.ycsb.hooks;
