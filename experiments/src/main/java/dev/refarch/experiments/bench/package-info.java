/**
 * Benchmarks named in the README; each is a main class that prints its figures and exits.
 * {@link dev.refarch.experiments.bench.MeasurementBenchmark} measures what this library's
 * measurements cost.
 */
package dev.refarch.experiments.bench;
