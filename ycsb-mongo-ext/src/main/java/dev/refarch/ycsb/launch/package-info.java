/**
 * A drop-in for YCSB's {@code site.ycsb.Client} that checks the whole input first: start with
 * {@link dev.refarch.ycsb.launch.YcsbLauncher}.
 */
package dev.refarch.ycsb.launch;
