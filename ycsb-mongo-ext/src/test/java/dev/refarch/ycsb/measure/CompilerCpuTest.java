package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerCpuTest {

  private static final long S = 1_000_000_000L;

  /** A task folder as /proc shows one: its name and run time in nanoseconds. */
  private static void task(Path tasks, String tid, String name, long runNs) throws IOException {
    Path t = Files.createDirectories(tasks.resolve(tid));
    Files.writeString(t.resolve("comm"), name + "\n");
    Files.writeString(t.resolve("schedstat"), runNs + " 1234 56\n");
  }

  @Test
  void sumsTheCompilerThreadsOnlyAndKeepsARetiredThreadsTime(@TempDir Path tasks)
      throws IOException {
    task(tasks, "11", "main", 9 * S);
    task(tasks, "12", "C2 CompilerThre", 1_500_000_000L);
    task(tasks, "13", "C1 CompilerThre", 250_000_000L);
    task(tasks, "14", "GC Thread#0", 7 * S);
    CompilerCpu cpu = new CompilerCpu(tasks);
    assertThat(cpu.millis(0)).isEqualTo(1_750);

    Files.writeString(tasks.resolve("12/schedstat"), "1600000000 0 0\n");
    task(tasks, "15", "C2 CompilerThre", 100_000_000L);
    assertThat(cpu.millis(S / 2)).as("within a second: the new thread is not listed yet")
        .isEqualTo(1_850);
    assertThat(cpu.millis(S)).as("listed again after a second").isEqualTo(1_950);

    for (String f : new String[] {"comm", "schedstat"}) {
      Files.delete(tasks.resolve("13").resolve(f));
    }
    Files.delete(tasks.resolve("13"));
    assertThat(cpu.millis(2 * S)).as("a retired compiler thread's time stays counted")
        .isEqualTo(1_950);
  }

  @Test
  void readsStatWhereTheKernelKeepsNoSchedstat(@TempDir Path tasks) throws IOException {
    Path t = Files.createDirectories(tasks.resolve("21"));
    Files.writeString(t.resolve("comm"), "C2 CompilerThre\n");
    // utime 150 and stime 30 ticks of 10 ms; the name holds a space and a parenthesis
    Files.writeString(t.resolve("stat"), "21 (C2 Compiler) Thre) S 1 2 3 4 5 6 7 8 9 10 150 30"
        + " 0 0 20 0 1 0 100 0 0\n");
    assertThat(new CompilerCpu(tasks).millis(0)).isEqualTo(1_800);
  }

  @Test
  void seesThisJvmsCompilersWork() throws IOException {
    CompilerCpu cpu = CompilerCpu.ofThisJvm().orElseThrow(() -> new AssertionError(
        "/proc/self/task shows no C1/C2 compiler thread of this JVM"));
    long before = cpu.millis(System.nanoTime());
    assertThat(before).as("the compilers have compiled the test framework by now").isPositive();
    long sum = 0;
    for (int i = 0; i < 2_000_000; i++) {
      sum += Long.toString(i * 31L).hashCode();
    }
    assertThat(cpu.millis(System.nanoTime() + 2 * S)).as("never less than before (sum %d)", sum)
        .isGreaterThanOrEqualTo(before);
  }
}
