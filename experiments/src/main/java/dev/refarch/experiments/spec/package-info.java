/**
 * The experiment spec: an immutable {@link dev.refarch.experiments.spec.ExperimentSpec}, built
 * fluently in Java or read from YAML by {@link dev.refarch.experiments.spec.SpecReader}, which
 * validates while reading and reports every error with file, line, key, value and what is allowed.
 */
package dev.refarch.experiments.spec;
