package dev.refarch.ycsb.measure;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much of the start of a run is warm-up: left out of summaries, kept in the timeline and in
 * the HDR log under its own {@code .warmup} tags.
 *
 * <p>{@code Ns+jit} lasts at least N seconds and then until this JVM's JIT compiler has settled:
 * a fresh client JVM runs its hot path in profiled, slower code until the optimizing compiler has
 * worked through its queue, and on a machine whose cores the clients share with the server that
 * queue waits for a core. On two cores, 8 YCSB threads of workload A ran at half their later
 * throughput for 10-13 s, then stepped up within one second, as the compiler's time stopped
 * growing; a warm-up of fixed length either waits for the worst case on every trial or measures
 * the step. The warm-up ends at the first second (after the N) in which compilation took less
 * than a tenth of the second, and at most {@value #JIT_MAX_SECONDS} s after the N.
 *
 * @param unit seconds or operations
 * @param amount how many, 0 for no warm-up
 * @param untilCompiled whether the warm-up also waits for the JIT compiler to settle (seconds only)
 */
public record Warmup(Unit unit, long amount, boolean untilCompiled) {

  /** The longest a {@code +jit} warm-up waits for the compiler after its seconds. */
  public static final int JIT_MAX_SECONDS = 30;

  /** What {@link #amount} counts. */
  public enum Unit { SECONDS, OPERATIONS }

  public static final String ALLOWED = "0 (none), N or Ns (seconds from the first operation),"
      + " Ns+jit (at least N seconds, then until this JVM's JIT compiler settles, at most "
      + JIT_MAX_SECONDS + " s more), Nops (the first N operations of this client)";

  private static final Pattern FORM = Pattern.compile(
      "(\\d+)\\s*(s|sec|seconds|ops|operations)?(\\s*\\+\\s*jit)?");

  public Warmup {
    if (amount < 0 || untilCompiled && unit != Unit.SECONDS) {
      throw new IllegalArgumentException(ALLOWED);
    }
  }

  public Warmup(Unit unit, long amount) {
    this(unit, amount, false);
  }

  public static Warmup none() {
    return new Warmup(Unit.SECONDS, 0);
  }

  public static Warmup seconds(long seconds) {
    return new Warmup(Unit.SECONDS, seconds);
  }

  public static Warmup operations(long operations) {
    return new Warmup(Unit.OPERATIONS, operations);
  }

  /** At least {@code seconds}, then until the JIT compiler settles. */
  public static Warmup secondsThenCompiled(long seconds) {
    return new Warmup(Unit.SECONDS, seconds, true);
  }

  /** Parses {@code 30}, {@code 30s}, {@code 5s+jit} or {@code 5000ops}. */
  public static Warmup parse(String text) {
    Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(ALLOWED);
    }
    long n = Long.parseLong(m.group(1));
    boolean ops = m.group(2) != null && m.group(2).startsWith("op");
    return new Warmup(ops ? Unit.OPERATIONS : Unit.SECONDS, n, m.group(3) != null);
  }

  public boolean isNone() {
    return amount == 0 && !untilCompiled;
  }

  /** The longest this warm-up can last in seconds ({@code amount} for operations). */
  public long maxSeconds() {
    return amount + (untilCompiled ? JIT_MAX_SECONDS : 0);
  }

  @Override
  public String toString() {
    return amount + (unit == Unit.SECONDS ? "s" : "ops") + (untilCompiled ? "+jit" : "");
  }
}
