/**
 * The experiment spec: an immutable {@link dev.refarch.experiments.spec.ExperimentSpec}, built
 * fluently in Java or read from YAML by {@link dev.refarch.experiments.spec.SpecReader}, which
 * validates while reading and reports every error with file, line, key, value and what is allowed
 * (all of a spec's at once, through {@link dev.refarch.experiments.spec.Problems}). Single
 * properties are checked by {@link dev.refarch.experiments.spec.PropertyCheck} — the same for a
 * spec, a sweep value and {@code --set}.
 * Its parts: {@link dev.refarch.experiments.spec.Sweep}, {@link
 * dev.refarch.experiments.spec.Variant}, {@link dev.refarch.experiments.spec.UntilSteady} with its
 * {@link dev.refarch.experiments.spec.SteadyRule}, and the paper's {@link
 * dev.refarch.experiments.spec.Reference}s with what of each {@link
 * dev.refarch.experiments.spec.Transfer}s.
 */
package dev.refarch.experiments.spec;
