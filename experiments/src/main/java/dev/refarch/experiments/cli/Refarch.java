package dev.refarch.experiments.cli;

import dev.refarch.experiments.trial.Logging;
import dev.refarch.experiments.report.ReportException;
import dev.refarch.experiments.spec.InvalidInput;
import dev.refarch.experiments.spec.SpecException;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.Redaction;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * {@code refarch}: runs the seed papers' studies and reports them.
 *
 * <p>Exit codes: 0 everything ran (skipped studies included); 1 a trial failed, or the run failed
 * at run time (a cluster that would not start, a platform that refused); 2 bad input — an
 * argument, a {@code --set}, a spec, a fault schedule, platform settings, a results folder, or a
 * {@code uri:} cluster that cannot be reached or refuses the credentials — reported before
 * anything is written, one line per problem (all problems of one input at once); 130 interrupted.
 * Stack traces appear only with {@code --verbose}.
 */
@Command(name = "refarch", mixinStandardHelpOptions = true,
    versionProvider = Refarch.Version.class,
    description = "Re-run MongoDB reference-architecture studies with YCSB.",
    subcommands = {RunCommand.class, ListCommand.class, ReportCommand.class,
        CompareCommand.class, ClusterCommand.class, CommandLine.HelpCommand.class},
    footer = {"", "Exit codes: 0 ran, 1 a trial or the run failed, 2 bad input, 130 interrupted."})
public final class Refarch implements Runnable {

  public static final int OK = 0;
  public static final int TRIAL_FAILED = 1;
  public static final int BAD_INPUT = 2;
  public static final int INTERRUPTED = 130;

  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "log at INFO and print stack traces of failures")
  boolean verbose;

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  /** The version every subcommand's {@code --version} prints. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Refarch.class.getPackage().getImplementationVersion();
      return new String[] {"refarch " + (v == null ? "0.1.0" : v),
          "Java " + System.getProperty("java.version")};
    }
  }

  /**
   * The command line: every failure ends in one line per problem on standard error (a stack
   * trace only with {@code --verbose}) and the exit codes above.
   */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Refarch());
    cli.setExecutionStrategy(parsed -> {
      Logging.configure(verbose(parsed));
      return new CommandLine.RunLast().execute(parsed);
    });
    cli.setExecutionExceptionHandler((e, line, parsed) -> {
      boolean verbose = verbose(parsed);
      PrintWriter err = line.getErr();
      if (verbose) {
        e.printStackTrace(err);
      }
      int code = exitCode(e);
      for (String problem : problems(e)) {
        err.println(problem + (code == TRIAL_FAILED && !verbose
            ? " (run with --verbose for the stack trace)" : ""));
      }
      err.flush();
      return code;
    });
    cli.setParameterExceptionHandler((e, args) -> {
      CommandLine c = e.getCommandLine();
      c.getErr().println(e.getMessage() + " (see '" + c.getCommandSpec().qualifiedName()
          + " --help')");
      c.getErr().flush();
      return BAD_INPUT;
    });
    return cli;
  }

  /** Bad input is what a user can fix by changing what they typed or wrote. */
  static int exitCode(Exception e) {
    if (e instanceof InterruptedException) {
      return INTERRUPTED;
    }
    return e instanceof InvalidInput || e instanceof SpecException
        || e instanceof ConfigurationException || e instanceof ReportException
        ? BAD_INPUT : TRIAL_FAILED;
  }

  /** The lines to print for {@code e}: one per problem, masked. */
  static List<String> problems(Exception e) {
    if (e instanceof InvalidInput in) {
      return in.problems();
    }
    if (exitCode(e) == BAD_INPUT) {
      return List.of(Redaction.maskUri(String.valueOf(e.getMessage())));
    }
    if (e instanceof InterruptedException) {
      return List.of("refarch: interrupted");
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getMessage().lines().findFirst().orElse("");
    return List.of("refarch: " + Redaction.maskUri(message));
  }

  private static boolean verbose(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine().execute(args));
  }
}
