/**
 * The {@code refarch} command line (picocli): {@code run}, {@code list}, {@code report},
 * {@code compare}, {@code cluster} and {@code help}. Start at
 * {@link dev.refarch.experiments.cli.Refarch} (exit codes, one line per problem); {@code run}'s
 * options are checked by {@link dev.refarch.experiments.cli.Overrides} and the end of a run is
 * printed by {@link dev.refarch.experiments.cli.RunSummary}.
 */
package dev.refarch.experiments.cli;
