/**
 * The README's embedding examples that live in this module: {@link
 * dev.refarch.ycsb.example.ReadBenchmark}, the binding inside a JMH benchmark. {@code
 * EmbeddedJmhIT} runs it against a real {@code mongod}; {@code ReadmeExamplesTest} keeps the README
 * showing it verbatim.
 */
package dev.refarch.ycsb.example;
