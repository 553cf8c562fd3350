package dev.refarch.experiments.cli;

import dev.refarch.experiments.spec.SpecException;
import dev.refarch.platform.spi.config.ConfigurationException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code refarch}: runs the seed papers' studies and reports them.
 *
 * <p>Exit codes: 0 everything ran (skipped studies included), 1 a trial failed, 2 bad input.
 */
@Command(name = "refarch", mixinStandardHelpOptions = true, version = "refarch 0.1.0",
    description = "Re-run MongoDB reference-architecture studies with YCSB.",
    subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class,
        CompareCommand.class, ClusterCommand.class})
public final class Refarch implements Runnable {

  public static final int OK = 0;
  public static final int TRIAL_FAILED = 1;
  public static final int BAD_INPUT = 2;

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  /** The command line, with bad input (spec or configuration errors) mapped to exit code 2. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Refarch());
    cli.setExecutionExceptionHandler((e, line, parsed) -> {
      if (e instanceof SpecException || e instanceof ConfigurationException) {
        line.getErr().println(e.getMessage());
        return BAD_INPUT;
      }
      throw e;
    });
    cli.setParameterExceptionHandler((e, args) -> {
      e.getCommandLine().getErr().println(e.getMessage());
      e.getCommandLine().usage(e.getCommandLine().getErr());
      return BAD_INPUT;
    });
    return cli;
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine().execute(args));
  }
}
