package dev.refarch.experiments.trial;

import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.MeasurementProperties;
import dev.refarch.ycsb.workloads.RefarchWorkload;
import dev.refarch.ycsb.workloads.WorkloadProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a phase's work is split over its clients: each runs the spec's threads per client; records
 * to load (YCSB's {@code insertstart}/{@code insertcount}), operations and target throughput are
 * shared. Remainders go to the first clients, so the parts always add up to the whole.
 *
 * <p>Stateless and thread-safe.
 */
public final class ClientPlan {

  private ClientPlan() {
  }

  /** The YCSB properties of client {@code index} (0-based) of {@code phase}. */
  public static Map<String, String> properties(TrialSpec spec, Phase phase, int index) {
    Map<String, String> p = new LinkedHashMap<>(spec.properties());
    // the runner runs the hooks; clients must not run them again
    p.remove("hooks");
    p.put("mongodb.url", spec.connectionString());
    p.put("threadcount", String.valueOf(spec.threadsPerClient()));
    if (phase == Phase.LOAD) {
      long records = spec.longProperty("recordcount", 1000);
      long start = spec.longProperty("insertstart", 0);
      long before = 0;
      for (int i = 0; i < index; i++) {
        before += share(records, spec.clients(), i);
      }
      p.put("insertstart", String.valueOf(start + before));
      p.put("insertcount", String.valueOf(share(records, spec.clients(), index)));
    } else {
      long operations = spec.longProperty("operationcount", spec.untilSteady().isPresent() ? 0 : 1000);
      if (operations <= 0 && (spec.untilSteady().isPresent()
          || TrialSpec.timeBoxed(spec.properties()))) {
        // a run without a count ends by time (until steady, or YCSB's maxexecutiontime); it gets
        // a count no run reaches, because RefarchWorkload reserves operationcount insert ordinals
        operations = UNBOUNDED_OPERATIONS;
        // YCSB's zipfian key choice spreads popularity over operationcount x insertproportion x 2
        // new keys and draws again a key not yet inserted: over 10^8 of them, a run on 3,000
        // records drew about 66,000 times per operation (workload E at laptop scale spent 88 % of
        // its client CPU there). A time-boxed run spreads over the loaded records as many again.
        boundKeyChoice(p, spec.longProperty("recordcount", 1000));
        // CoreWorkload's bound is read by its stoppable subclass
        stoppable(p);
      }
      p.put("operationcount", String.valueOf(share(operations, spec.clients(), index)));
      spec.target().ifPresent(t -> {
        p.put("target", String.valueOf(targetShare(t, spec.clients(), index)));
        p.put("measurement.interval", "both");
      });
      if (!spec.warmup().isNone()) {
        p.put("measurement.warmup", spec.warmup().toString());
      }
      spec.untilSteady().ifPresent(u -> untilSteady(p, spec, u.max().toSeconds()));
    }
    return p;
  }

  /**
   * A run that lasts until steady: the runner stops it (the workload is the stoppable subclass of
   * the one named), YCSB's own limit is warm-up plus the maximum measured time.
   */
  private static void untilSteady(Map<String, String> p, TrialSpec spec, long maxSeconds) {
    p.put("maxexecutiontime", String.valueOf(spec.warmup().maxSeconds() + maxSeconds));
    stoppable(p);
  }

  /** The stoppable subclass in place of the workload named, where there is one. */
  private static void stoppable(Map<String, String> p) {
    String stoppable = STOPPABLE.get(p.getOrDefault("workload", "").trim());
    if (stoppable != null) {
      p.put("workload", stoppable);
    }
  }

  /**
   * Bounds the new keys zipfian key choice spreads over to {@code newKeys}: RefarchWorkload's
   * {@code refarch.expectedNewKeys} (unless the spec sets it), or for YCSB's CoreWorkload, which
   * the binding refuses {@code refarch.*} keys with, the stoppable subclass's own key.
   */
  private static void boundKeyChoice(Map<String, String> p, long newKeys) {
    String workload = p.getOrDefault("workload", "").trim();
    if (workload.equals("site.ycsb.workloads.CoreWorkload")) {
      p.put(StoppableCoreWorkload.EXPECTED_NEW_KEYS, String.valueOf(newKeys));
    } else if (isRefarchWorkload(workload)) {
      p.putIfAbsent(WorkloadProperties.EXPECTED_NEW_KEYS.key(), String.valueOf(newKeys));
    }
  }

  private static boolean isRefarchWorkload(String className) {
    try {
      return RefarchWorkload.class.isAssignableFrom(Class.forName(className, false,
          ClientPlan.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError notHere) {
      return false; // a class only the clients' class path has: its own key choice applies
    }
  }

  /** The operation count of a run that lasts until steady (YCSB's count is an int). */
  static final long UNBOUNDED_OPERATIONS = 2_000_000_000L;

  /** The workloads a runner can stop early, by the class they stand in for. */
  static final Map<String, String> STOPPABLE = Map.of(
      "site.ycsb.workloads.CoreWorkload", StoppableCoreWorkload.class.getName(),
      "dev.refarch.ycsb.workloads.RefarchWorkload", StoppableRefarchWorkload.class.getName());

  /**
   * Points a client's outputs into its folder {@code clientDir} (as the client sees it): its
   * measurements, and with {@code measurement.audit} its log of acknowledged inserts.
   */
  public static void placeOutputs(Map<String, String> props, String clientDir) {
    props.put("measurement.dir", clientDir + "/measurements");
    if (MeasurementProperties.AUDIT.from(props)) {
      props.put("mongodb.audit.dir", clientDir + "/" + AUDIT_DIR);
    }
  }

  /** The folder of a client's acknowledged-insert logs, inside its own folder. */
  static final String AUDIT_DIR = "audit";

  /**
   * Client {@code index}'s whole operations per second of a total {@code target}: YCSB's
   * {@code -target} only takes an integer, and 0 would mean unthrottled, so each client gets at
   * least 1.
   */
  static long targetShare(double target, int clients, int index) {
    return Math.max(1, share(Math.round(target), clients, index));
  }

  /** Part {@code index} of {@code total} split over {@code parts}. */
  static long share(long total, int parts, int index) {
    return total / parts + (index < total % parts ? 1 : 0);
  }

  /**
   * The command line of a client JVM forked for one phase. Properties travel in a {@code -P}
   * file, not as {@code -p} arguments, so that a connection string's credentials appear neither
   * in the process table nor in YCSB's echo of its command line.
   */
  static List<String> command(TrialSpec spec, Phase phase, Path propertiesFile, String javaBin,
      String classPath, long parentPid, Path cpuFile) {
    List<String> c = new ArrayList<>();
    c.add(javaBin);
    c.addAll(spec.jvmOptions());
    c.addAll(List.of("-cp", classPath, ClientMain.class.getName(), String.valueOf(parentPid),
        cpuFile.toString()));
    c.addAll(ycsbArguments(spec, phase, propertiesFile));
    return c;
  }

  /** YCSB's command line for a client of {@code phase}, its properties in {@code propertiesFile}. */
  static List<String> ycsbArguments(TrialSpec spec, Phase phase, Path propertiesFile) {
    return List.of(phase == Phase.LOAD ? "-load" : "-t", "-db", spec.db(), "-s",
        "-P", propertiesFile.toString());
  }
}
