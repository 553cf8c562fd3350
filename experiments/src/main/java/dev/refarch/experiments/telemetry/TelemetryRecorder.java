package dev.refarch.experiments.telemetry;

import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.telemetry.TelemetryProvider;
import dev.refarch.platform.spi.telemetry.TelemetryRound;
import dev.refarch.platform.spi.telemetry.TelemetrySample;
import dev.refarch.platform.spi.telemetry.TelemetrySource;
import dev.refarch.platform.spi.telemetry.TelemetryTarget;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Samples every telemetry source of a trial once a period into its {@value TelemetryFile#FILE},
 * from {@link #start} to {@link #close}. Each provider opens and samples on a daemon thread of its
 * own, so that a source that is slow (a paused member's read timing out) delays only itself, and
 * one that fails (no permission, a member killed) leaves gaps, never a failed trial: the first
 * problem of each source and member is said once through the warning consumer and kept for
 * {@link #partial()}, with how many rounds it cost.
 *
 * <p>Thread-safe: sampling threads write lines under one lock; {@link #close} may be called from
 * any thread, more than once.
 *
 * <pre>{@code
 * try (TelemetryRecorder t = TelemetryRecorder.start(file, target, providers, Duration.ofSeconds(1),
 *     System.err::println, TelemetryRecorder.Sink.none())) {
 *   runPhases();
 * }
 * }</pre>
 */
public final class TelemetryRecorder implements AutoCloseable {

  /** Sees each round as it is written; called from the source's sampling thread. */
  @FunctionalInterface
  public interface Sink {
    void sampled(String source, long epochMs, List<TelemetrySample> samples);

    /** A sink that drops everything. */
    static Sink none() {
      return (source, epochMs, samples) -> { };
    }
  }

  /** One sample a second: enough to see a checkpoint or an election, a few reads each. */
  public static final Duration PERIOD = Duration.ofSeconds(1);

  /** The longest reason kept for a problem. */
  private static final int MAX_REASON = 240;

  /** How long {@link #close} waits for a source's last sample before leaving it. */
  private static final long JOIN_MS = 2_000;

  /** A problem of one source or member: its first reason, and how many rounds it cost. */
  private static final class Problem {
    final String reason;
    int rounds;

    Problem(String reason) {
      this.reason = reason;
    }
  }

  private final Writer out;
  private final Consumer<String> warnings;
  private final Sink sink;
  private final Duration period;
  private final CountDownLatch stop = new CountDownLatch(1);
  private final List<Thread> threads = new ArrayList<>();
  private final Map<String, Problem> problems = new LinkedHashMap<>();
  private final Map<String, Integer> rounds = new TreeMap<>();
  private final Map<String, List<String>> watched = new TreeMap<>();
  private boolean closed;

  private TelemetryRecorder(Writer out, Consumer<String> warnings, Duration period, Sink sink) {
    this.out = out;
    this.warnings = warnings;
    this.sink = sink;
    this.period = period;
  }

  /**
   * Opens every provider's source for {@code target} and starts sampling into {@code file}
   * (created, with its header). Never throws for a provider: one that cannot open is a problem
   * of its own.
   *
   * @throws IOException when {@code file} cannot be created
   */
  public static TelemetryRecorder start(Path file, TelemetryTarget target,
      List<TelemetryProvider> providers, Duration period, Consumer<String> warnings, Sink sink)
      throws IOException {
    Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(TelemetryFile.HEADER + "\n");
    out.flush();
    TelemetryRecorder recorder = new TelemetryRecorder(out, warnings, period, sink);
    for (TelemetryProvider p : providers) {
      Thread t = new Thread(() -> recorder.run(p, target), "telemetry-" + p.name());
      t.setDaemon(true);
      recorder.threads.add(t);
      t.start();
    }
    return recorder;
  }

  private void run(TelemetryProvider provider, TelemetryTarget target) {
    Optional<TelemetrySource> opened;
    try {
      opened = provider.open(target);
    } catch (RuntimeException e) {
      problem(provider.name(), "could not open: " + message(e));
      return;
    }
    if (opened.isEmpty()) {
      return; // nothing for it to watch here
    }
    try (TelemetrySource source = opened.get()) {
      synchronized (this) {
        watched.put(source.name(), source.watches());
      }
      long step = period.toMillis();
      long next = System.currentTimeMillis();
      do {
        sample(source, System.currentTimeMillis());
        next += step;
        long late = System.currentTimeMillis() - next;
        if (late > 0) {
          next += (late / step + 1) * step; // a sample that overran gives up the slots it missed
        }
      } while (!stop.await(Math.max(0, next - System.currentTimeMillis()), TimeUnit.MILLISECONDS));
      sample(source, System.currentTimeMillis()); // the last, after the trial's phases ended
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      problem(provider.name(), "stopped: " + message(e));
    }
  }

  private void sample(TelemetrySource source, long epochMs) {
    TelemetryRound round;
    try {
      round = source.sample(epochMs);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      problem(source.name(), message(e));
      count(source.name());
      return;
    }
    StringBuilder lines = new StringBuilder();
    for (TelemetrySample s : round.samples()) {
      lines.append(TelemetryFile.line(epochMs, source.name(), s.member(), s.metric(), s.unit(),
          s.value()));
    }
    round.missing().forEach((member, why) -> problem(source.name() + ": " + member,
        Redaction.maskUri(why)));
    try {
      sink.sampled(source.name(), epochMs, round.samples());
    } catch (RuntimeException e) {
      problem(source.name(), "its live sink failed: " + message(e));
    }
    synchronized (this) {
      rounds.merge(source.name(), 1, Integer::sum);
      if (closed) {
        return;
      }
      try {
        out.write(lines.toString());
        out.flush();
      } catch (IOException e) {
        problem(source.name(), "could not write " + TelemetryFile.FILE + ": " + e.getMessage());
      }
    }
  }

  private synchronized void count(String source) {
    rounds.merge(source, 1, Integer::sum);
  }

  private synchronized void problem(String key, String reason) {
    Problem p = problems.get(key);
    if (p == null) {
      // a driver's exception describes the whole cluster view: the first of it says why
      p = new Problem(reason.length() <= MAX_REASON ? reason
          : reason.substring(0, MAX_REASON) + "…");
      problems.put(key, p);
      warnings.accept("[runner] telemetry partial: " + key + ": " + reason);
    }
    p.rounds++;
  }

  private static String message(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getMessage().lines().findFirst().orElse("");
    return Redaction.maskUri(m);
  }

  /** Source name to what it watched; sources that had nothing to watch are not named. */
  public synchronized Map<String, List<String>> sources() {
    return Map.copyOf(watched);
  }

  /**
   * What could not be sampled: {@code <source>: <why>} or {@code <source>: <member>: <why>},
   * with how many of the source's rounds it affected.
   */
  public synchronized List<String> partial() {
    List<String> lines = new ArrayList<>();
    problems.forEach((key, p) -> {
      String source = key.contains(": ") ? key.substring(0, key.indexOf(": ")) : key;
      int of = rounds.getOrDefault(source, 0);
      lines.add(key + ": " + p.reason + (of > 0 ? " (" + p.rounds + " of " + of + " rounds)" : ""));
    });
    return lines;
  }

  /**
   * Takes a last sample of each source, stops, and closes the file; a source still sampling
   * after two seconds is left behind (its thread is a daemon) and named in {@link #partial()}.
   */
  @Override
  public void close() {
    stop.countDown();
    long deadline = System.currentTimeMillis() + JOIN_MS;
    for (Thread t : threads) {
      try {
        t.join(Math.max(1, deadline - System.currentTimeMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (t.isAlive()) {
        problem(t.getName().substring("telemetry-".length()), "still sampling when the trial"
            + " ended: a sample took longer than " + JOIN_MS + " ms");
      }
    }
    synchronized (this) {
      if (!closed) {
        closed = true;
        try {
          out.close();
        } catch (IOException e) {
          warnings.accept("[runner] telemetry: could not close " + TelemetryFile.FILE + ": " + e);
        }
      }
    }
  }
}
