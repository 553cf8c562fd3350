/**
 * The {@code refarch} command line (picocli): {@code run}, {@code list}, {@code report},
 * {@code compare} and {@code cluster}. Start at {@link dev.refarch.experiments.cli.Refarch}.
 */
package dev.refarch.experiments.cli;
