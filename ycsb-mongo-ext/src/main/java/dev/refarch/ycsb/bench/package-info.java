/**
 * Benchmarks runnable from the README: {@link dev.refarch.ycsb.bench.ScanBenchmark} compares
 * workload E with a naive and a tuned scan on the same data.
 */
package dev.refarch.ycsb.bench;
