/**
 * YCSB workload definitions shipped with the binding: {@link dev.refarch.ycsb.workloads.CoreWorkloads}
 * holds the core workloads A–F.
 */
package dev.refarch.ycsb.workloads;
