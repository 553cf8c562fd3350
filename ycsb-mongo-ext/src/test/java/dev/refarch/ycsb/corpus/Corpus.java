package dev.refarch.ycsb.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.launch.YcsbLauncher;
import dev.refarch.ycsb.mongo.InitFailure;
import dev.refarch.ycsb.mongo.MongoDbClient;
import dev.refarch.ycsb.workloads.RefarchWorkload;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * Reads the corpus file and replays a row in this JVM. Rows are immutable; see the file's header
 * for the format.
 */
final class Corpus {

  static final String RESOURCE = "/corpus/binding.txt";
  static final String REFARCH_WORKLOAD = RefarchWorkload.class.getName();

  /**
   * One malformed input.
   *
   * @param id a stable name
   * @param surface {@code binding}, {@code workload} or {@code launcher}
   * @param input the row's properties or YCSB arguments, as tokens
   * @param expected fragments the message must contain; those starting with {@code !} must not
   * @param exits expected exit codes of real processes by launcher ({@code client},
   *     {@code launcher}); empty when the row is not run as a process
   */
  record Row(String id, String surface, List<String> input, List<String> expected,
      Map<String, Integer> exits) {

    @Override
    public String toString() {
      return id;
    }

    /** The row's properties over {@code base} (binding and workload rows). */
    Properties properties(Map<String, String> base) {
      Properties p = new Properties();
      p.putAll(base);
      for (String token : input) {
        int eq = token.indexOf('=');
        p.setProperty(token.substring(0, eq), token.substring(eq + 1));
      }
      return p;
    }

    /** The row as YCSB arguments over {@code base} properties: launcher rows' own arguments. */
    List<String> ycsbArgs(Map<String, String> base) {
      List<String> args = new ArrayList<>();
      if (surface.equals("launcher")) {
        base.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
        args.addAll(input);
        return args;
      }
      args.add("-load");
      properties(base).forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
      return args;
    }

    /** Asserts that {@code message} holds every expected fragment and no forbidden one. */
    void assertMessage(String message) {
      for (String fragment : expected) {
        if (fragment.startsWith("!")) {
          assertThat(message).as(id).doesNotContain(fragment.substring(1));
        } else {
          assertThat(message).as(id).contains(fragment);
        }
      }
    }
  }

  private Corpus() {
  }

  static List<Row> rows() {
    try (InputStream in = Corpus.class.getResourceAsStream(RESOURCE)) {
      List<Row> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          rows.add(parse(line));
        }
      }
      return rows;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + RESOURCE, e);
    }
  }

  private static Row parse(String line) {
    String[] cols = line.split(" \\| ", -1);
    if (cols.length < 4) {
      throw new IllegalStateException("corpus row needs 4 or 5 columns: " + line);
    }
    Map<String, Integer> exits = new LinkedHashMap<>();
    if (cols.length > 4) {
      Matcher m = Pattern.compile("(\\w+)=(\\d+)").matcher(cols[4]);
      while (m.find()) {
        exits.put(m.group(1), Integer.parseInt(m.group(2)));
      }
    }
    return new Row(cols[0].trim(), cols[1].trim(), Arrays.asList(cols[2].trim().split(" +")),
        Arrays.asList(cols[3].trim().split(" && ")), exits);
  }

  /**
   * Replays {@code row} in this JVM: the binding's or the workload's {@code init()}, or the
   * launcher's check.
   *
   * @return the message and the exit code the failure maps to; empty when nothing failed
   */
  static Optional<Failure> replay(Row row, Map<String, String> base) {
    switch (row.surface()) {
      case "binding" -> {
        MongoDbClient db = new MongoDbClient();
        db.setProperties(row.properties(base));
        try {
          db.init();
          db.cleanup();
          return Optional.empty();
        } catch (DBException e) {
          return Optional.of(new Failure(e.getMessage(), InitFailure.exitCode(e)));
        }
      }
      case "workload" -> {
        Properties p = row.properties(base);
        p.setProperty("workload", REFARCH_WORKLOAD);
        Measurements.setProperties(p); // YCSB's Client does this before creating the workload
        try {
          new RefarchWorkload().init(p);
          return Optional.empty();
        } catch (WorkloadException e) {
          return Optional.of(new Failure(e.getMessage(), InitFailure.exitCode(e)));
        }
      }
      case "launcher" -> {
        try {
          YcsbLauncher.validate(YcsbLauncher.parse(row.ycsbArgs(base).toArray(String[]::new)));
          return Optional.empty();
        } catch (ConfigurationException e) {
          return Optional.of(new Failure(e.getMessage(), InitFailure.BAD_SETTINGS));
        }
      }
      default -> throw new IllegalStateException(row.id() + ": unknown surface " + row.surface());
    }
  }

  /** A replayed row's outcome. */
  record Failure(String message, int exitCode) {
  }
}
