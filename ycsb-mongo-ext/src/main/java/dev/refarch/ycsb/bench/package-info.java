/**
 * Benchmarks runnable from the README: {@link dev.refarch.ycsb.bench.ScanBenchmark} compares
 * workload E with a naive and a tuned scan on the same data;
 * {@link dev.refarch.ycsb.bench.BindingBenchmark} (start reading there) compares the binding
 * through the stock YCSB client with {@link dev.refarch.ycsb.bench.RawLoop}, a raw driver loop,
 * each in its own JVM under {@link dev.refarch.ycsb.bench.CpuReport}, and rolls the
 * {@link dev.refarch.ycsb.bench.Cell}s up in {@link dev.refarch.ycsb.bench.BenchReport}.
 */
package dev.refarch.ycsb.bench;
