package dev.refarch.ycsb.launch;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.ConfigurationProblems;
import dev.refarch.ycsb.config.YcsbProperties;
import dev.refarch.ycsb.measure.MeasuredDb;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.mongo.BindingInput;
import dev.refarch.ycsb.mongo.InitFailure;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.workloads.WorkloadSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * Runs YCSB's {@code site.ycsb.Client} with the same arguments, after checking the whole input
 * the way the binding's {@code init()} would: a bad input ends with one message naming every
 * problem and exit code {@value InitFailure#BAD_SETTINGS}, before YCSB starts. YCSB 0.17 itself
 * never calls {@code init()} for {@code -threads 0}, {@code recordcount=-1} or
 * {@code operationcount=-1} (it starts no thread and exits 0), and exits 0 after usage errors.
 *
 * <pre>
 * java -cp … dev.refarch.ycsb.launch.YcsbLauncher -load -db dev.refarch.ycsb.mongo.MongoDbClient \
 *     -P workloads/workloada -p mongodb.url=mongodb://127.0.0.1:27017/ycsb -threads 8 -s
 * </pre>
 *
 * <p>Exit codes: YCSB's (0 when it ran), {@value InitFailure#BAD_SETTINGS} for bad input, and
 * those of {@link InitFailure} when {@code init()} fails later (an unreachable server: 1).
 */
public final class YcsbLauncher {

  private static final List<String> OUR_BINDINGS = List.of(MongoDbClient.class.getName());
  private static final String REFARCH_WORKLOAD = "dev.refarch.ycsb.workloads.RefarchWorkload";

  private YcsbLauncher() {
  }

  public static void main(String[] args) {
    int bad = check(args, System.err);
    if (bad != 0) {
      System.exit(bad);
    }
    site.ycsb.Client.main(args);
  }

  /**
   * Checks YCSB's command line and the properties it names; prints the problems to {@code err}.
   *
   * @return 0 when YCSB may start, else {@value InitFailure#BAD_SETTINGS}
   */
  public static int check(String[] args, PrintStream err) {
    try {
      validate(parse(args));
      return 0;
    } catch (ConfigurationException e) {
      err.println(InitFailure.PREFIX + e.getMessage());
      return InitFailure.BAD_SETTINGS;
    }
  }

  /**
   * Checks every property the binding, YCSB and {@code RefarchWorkload} depend on.
   *
   * @throws ConfigurationException naming every problem
   */
  public static void validate(Properties properties) {
    ConfigurationProblems problems = new ConfigurationProblems();
    if (usesOurBinding(properties)) {
      BindingInput.check(properties, problems);
    } else {
      YcsbProperties.check(properties, problems);
    }
    if (REFARCH_WORKLOAD.equals(properties.getProperty("workload", "").trim())) {
      WorkloadSettings.parse(properties, problems);
    }
    problems.throwIfAny();
  }

  private static boolean usesOurBinding(Properties p) {
    String db = p.getProperty("db", "site.ycsb.BasicDB").trim();
    return OUR_BINDINGS.contains(db) || (db.equals(MeasuredDb.class.getName())
        && OUR_BINDINGS.contains(p.getProperty(MeasurementProperties.DELEGATE.key(), "").trim()));
  }

  /**
   * YCSB 0.17's command line as its {@code Client} reads it: {@code -P} files first, then
   * {@code -p} and the other options over them.
   *
   * @throws ConfigurationException for an option YCSB does not know, a missing value or an
   *     unreadable {@code -P} file
   */
  public static Properties parse(String[] args) {
    Properties files = new Properties();
    Properties given = new Properties();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "-load" -> given.setProperty("dotransactions", "false");
        case "-t" -> given.setProperty("dotransactions", "true");
        case "-s" -> given.setProperty("status", "true");
        case "-threads" -> given.setProperty("threadcount", value(args, ++i, a));
        case "-target" -> given.setProperty("target", value(args, ++i, a));
        case "-db" -> given.setProperty("db", value(args, ++i, a));
        case "-l" -> given.setProperty("label", value(args, ++i, a));
        case "-P" -> load(files, value(args, ++i, a));
        case "-p" -> {
          String kv = value(args, ++i, a);
          int eq = kv.indexOf('=');
          if (eq < 0) {
            throw new ConfigurationException("-p", kv, "key=value");
          }
          given.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
        }
        default -> throw new ConfigurationException("argument " + (i + 1), a, "-threads n,"
            + " -target n, -load, -t, -db class, -l label, -P file, -p key=value, -s",
            "YCSB 0.17's Client would print its usage and exit 0");
      }
    }
    files.putAll(given);
    return files;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new ConfigurationException(option, null, "a value after " + option);
    }
    return args[i];
  }

  private static void load(Properties into, String file) {
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      into.load(in);
    } catch (IOException | RuntimeException e) {
      throw new ConfigurationException("-P", file, "a readable properties file",
          e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
