package dev.refarch.ycsb.launch;

import dev.refarch.ycsb.measure.YcsbGlobals;
import dev.refarch.ycsb.mongo.PerRunState;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.StatusThread;
import site.ycsb.TerminatorThread;
import site.ycsb.UnknownDBException;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * YCSB 0.17's {@code site.ycsb.Client} run as a method that returns its exit code instead of
 * ending the JVM, so that one JVM can run one phase after another and keep what its compiler
 * learnt: a trial client spent 43-47 % of its CPU in the JIT of a fresh JVM (src/docs/benchmarks.md).
 *
 * <p>Written here because YCSB has no such entry point: its {@code Client.main} ends with
 * {@code System.exit} on every path and keeps its measurements in a static singleton. This is
 * that method's flow, built from YCSB's public parts ({@link ClientThread}, {@link StatusThread},
 * {@link TerminatorThread}, {@link DBFactory}, the measurements exporter) with the same
 * properties, the same threads and the same output; before each run YCSB's global measurements
 * and this binding's per-JVM state are reset ({@link YcsbGlobals#reset}, {@link PerRunState}).
 * What it leaves out: HTrace spans (the tracer has no receiver, as in YCSB without
 * {@code htrace.*} properties) and the "still initialising" warning thread.
 *
 * <p>Exit codes as YCSB's: 0 after a run — also when the workload's or a binding's
 * {@code init()} failed, which YCSB reports on standard error and exits 0 for (this binding's
 * {@code mongodb.initFailure=exit} ends the JVM itself, as under YCSB's {@code Client}) — 2 for
 * bad input ({@link YcsbLauncher#check}), 255 when the measurements could not be written.
 *
 * <p>One run at a time per JVM (YCSB's measurements are global); not thread-safe.
 */
public final class InProcessClient {

  /** YCSB's exit code when exporting the measurements failed ({@code System.exit(-1)}). */
  public static final int EXPORT_FAILED = 255;

  private InProcessClient() {
  }

  /**
   * Runs YCSB's client with {@code args} (its command line) and returns its exit code; output
   * goes to {@link System#out} and {@link System#err} as YCSB's does.
   */
  public static int run(String[] args) {
    int bad = YcsbLauncher.check(args, System.err);
    if (bad != 0) {
      return bad;
    }
    Properties props = YcsbLauncher.parse(args);
    YcsbGlobals.reset();
    PerRunState.reset();
    Measurements.setProperties(props);
    Workload workload;
    try {
      workload = (Workload) Class.forName(props.getProperty("workload"))
          .getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      // YCSB prints the stack trace and exits 0
      e.printStackTrace();
      return 0;
    }
    try (Tracer tracer = new Tracer.Builder("YCSB " + workload.getClass().getSimpleName())
        .conf(HTraceConfiguration.fromMap(Map.of())).build()) {
      return run(props, workload, tracer);
    }
  }

  private static int run(Properties props, Workload workload, Tracer tracer) {
    try {
      workload.init(props);
    } catch (WorkloadException e) {
      e.printStackTrace();
      e.printStackTrace(System.out);
      return 0;
    }
    int threadCount = Integer.parseInt(props.getProperty("threadcount", "1"));
    int target = Integer.parseInt(props.getProperty("target", "0"));
    double targetPerThreadPerMs = target > 0 ? target / (double) threadCount / 1000.0 : -1;
    System.err.println("Starting test.");
    CountDownLatch complete = new CountDownLatch(threadCount);
    List<ClientThread> clients = clients(props, threadCount, targetPerThreadPerMs, workload,
        tracer, complete);
    if (clients == null) {
      System.err.println("Error initializing datastore bindings.");
      return 0;
    }
    StatusThread status = null;
    if (Boolean.parseBoolean(props.getProperty("status", "false"))) {
      status = new StatusThread(complete, clients, props.getProperty("label", ""),
          "timeseries".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "")),
          Integer.parseInt(props.getProperty("status.interval", "10")),
          "true".equals(props.getProperty(Measurements.MEASUREMENT_TRACK_JVM_PROPERTY,
              Measurements.MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT)));
      status.start();
    }
    List<Thread> threads = new ArrayList<>();
    for (ClientThread c : clients) {
      threads.add(new Thread(tracer.wrap(c, "ClientThread")));
    }
    long start = System.currentTimeMillis();
    threads.forEach(Thread::start);
    long maxSeconds = Long.parseLong(props.getProperty("maxexecutiontime", "0"));
    TerminatorThread terminator = null;
    if (maxSeconds > 0) {
      terminator = new TerminatorThread(maxSeconds, threads, workload);
      terminator.start();
    }
    int operations = 0;
    for (int i = 0; i < threads.size(); i++) {
      joinQuietly(threads.get(i));
      operations += clients.get(i).getOpsDone();
    }
    long end = System.currentTimeMillis();
    if (terminator != null) {
      terminator.interrupt();
      // YCSB's Client exits while its terminator may still be asleep; here it must be gone
      // before the next run, whose threads it would otherwise interrupt
      joinQuietly(terminator);
    }
    if (status != null) {
      status.interrupt();
      joinQuietly(status);
    }
    try {
      workload.cleanup();
    } catch (WorkloadException e) {
      e.printStackTrace();
      e.printStackTrace(System.out);
      return 0;
    }
    try {
      export(props, operations, end - start);
    } catch (IOException e) {
      System.err.println("Could not export measurements, error: " + e.getMessage());
      e.printStackTrace();
      return EXPORT_FAILED;
    }
    return 0;
  }

  /** YCSB's threads, one binding each; null when a binding class is unknown, as YCSB reports. */
  private static List<ClientThread> clients(Properties props, int threadCount,
      double targetPerThreadPerMs, Workload workload, Tracer tracer, CountDownLatch complete) {
    boolean transactions = Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    int operations = Integer.parseInt(transactions ? props.getProperty("operationcount", "0")
        : props.getProperty("insertcount", props.getProperty("recordcount", "0")));
    int threads = threadCount;
    // 0 is no count (the run ends by maxexecutiontime): every thread runs, as in YCSB
    if (operations > 0 && threads > operations) {
      threads = operations;
      System.out.println("Warning: the threadcount is bigger than recordcount, the threadcount"
          + " will be recordcount!");
    }
    String dbName = props.getProperty("db", "site.ycsb.BasicDB");
    List<ClientThread> clients = new ArrayList<>(threads);
    for (int id = 0; id < threads; id++) {
      DB db;
      try {
        db = DBFactory.newDB(dbName, props, tracer);
      } catch (UnknownDBException e) {
        System.out.println("Unknown DB " + dbName);
        return null;
      }
      int share = operations / threads + (id < operations % threads ? 1 : 0);
      ClientThread t = new ClientThread(db, transactions, workload, props, share,
          targetPerThreadPerMs, complete);
      t.setThreadId(id);
      t.setThreadCount(threads);
      clients.add(t);
    }
    return clients;
  }

  /** YCSB's export: run time, throughput, GC figures, then every measurement. */
  private static void export(Properties props, int operations, long runtimeMs) throws IOException {
    String file = props.getProperty("exportfile");
    OutputStream out = file == null ? System.out : new FileOutputStream(file);
    MeasurementsExporter exporter = exporter(props.getProperty("exporter",
        TextMeasurementsExporter.class.getName()), out);
    try {
      exporter.write("OVERALL", "RunTime(ms)", runtimeMs);
      exporter.write("OVERALL", "Throughput(ops/sec)", 1000.0 * operations / runtimeMs);
      long count = 0;
      long time = 0;
      for (Map.Entry<String, Long[]> gc : Utils.getGCStatst().entrySet()) {
        exporter.write("TOTAL_GCS_" + gc.getKey(), "Count", gc.getValue()[0]);
        exporter.write("TOTAL_GC_TIME_" + gc.getKey(), "Time(ms)", gc.getValue()[1]);
        exporter.write("TOTAL_GC_TIME_%_" + gc.getKey(), "Time(%)",
            100.0 * gc.getValue()[1] / runtimeMs);
        count += gc.getValue()[0];
        time += gc.getValue()[1];
      }
      exporter.write("TOTAL_GCs", "Count", count);
      exporter.write("TOTAL_GC_TIME", "Time(ms)", time);
      exporter.write("TOTAL_GC_TIME_%", "Time(%)", 100.0 * time / runtimeMs);
      Measurements.getMeasurements().exportMeasurements(exporter);
    } finally {
      exporter.close();
      if (file == null) {
        System.out.flush();
      }
    }
  }

  private static MeasurementsExporter exporter(String className, OutputStream out) {
    try {
      return (MeasurementsExporter) Class.forName(className).getConstructor(OutputStream.class)
          .newInstance(out);
    } catch (ReflectiveOperationException | RuntimeException e) {
      System.err.println("Could not find exporter " + className
          + ", will use default text reporter.");
      e.printStackTrace();
      return new TextMeasurementsExporter(out);
    }
  }

  private static void joinQuietly(Thread t) {
    boolean interrupted = false;
    while (true) {
      try {
        t.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
