/**
 * YCSB workloads shipped with the binding: {@link dev.refarch.ycsb.workloads.CoreWorkloads} holds
 * the core workloads A–F as property files, and {@link dev.refarch.ycsb.workloads.RefarchWorkload}
 * extends YCSB's core workload with the seed studies' data shapes, active dataset, scan lengths and
 * re-runnable inserts.
 *
 * <p>Start reading at {@link dev.refarch.ycsb.workloads.RefarchWorkload}, then
 * {@link dev.refarch.ycsb.workloads.WorkloadSettings} (every {@code refarch.*} property),
 * {@link dev.refarch.ycsb.workloads.KeySpace} (keys and re-runnable inserts),
 * {@link dev.refarch.ycsb.workloads.Sampler} (seeded distributions) and
 * {@link dev.refarch.ycsb.workloads.ValueGenerator} (values of a given compressibility).
 */
package dev.refarch.ycsb.workloads;
