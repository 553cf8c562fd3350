/**
 * The benchmarks the README names, each a main class (or JMH benchmark) that prints its figures
 * and exits; none is on a YCSB pipeline's class path.
 *
 * <ul>
 *   <li>{@link dev.refarch.bench.BindingBenchmark} (start reading there) compares the binding
 *       through the stock YCSB client with {@link dev.refarch.bench.StockShapedDb}, the stock
 *       binding's request shapes, and {@link dev.refarch.bench.RawLoop}, a raw driver loop, each
 *       in its own JVM under {@link dev.refarch.bench.CpuReport}, and rolls the
 *       {@link dev.refarch.bench.Cell}s up in {@link dev.refarch.bench.BenchReport};
 *   <li>{@link dev.refarch.bench.ScanBenchmark} compares workload E with a naive and a tuned scan
 *       on the same data;
 *   <li>{@link dev.refarch.bench.ThreadMeterBenchmark} (JMH) and
 *       {@link dev.refarch.bench.MeasurementBenchmark} measure what this library's measurements
 *       cost: per recorded operation, and the trial runner's share of its clients' CPU.
 * </ul>
 */
package dev.refarch.bench;
