/**
 * Block I/O caps per process through the kernel's cgroup v1 throttle, and the kernel's count of
 * what a capped process did: the {@code slow-disk} fault and the {@code io.maxIops} and
 * {@code io.maxBps} settings of local processes and containers.
 */
package dev.refarch.platform.local.blkio;
