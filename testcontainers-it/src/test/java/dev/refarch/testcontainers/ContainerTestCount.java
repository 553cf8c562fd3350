package dev.refarch.testcontainers;

import dev.refarch.testcontainers.junit.MongoClusterExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Counts the tests that ran against containers — those whose cluster came from the
 * {@code testcontainers} backend ({@link MongoClusterExtension#BACKEND_ENTRY}) — and the tests
 * skipped for a reason naming containers or {@code mongos}, and prints both when the test plan
 * ends, e.g. {@code [containers] 31 tests ran against containers (31 passed, 0 failed); 4
 * skipped: no MongoDB sharded:2x3 here: ... no image with mongos ...}. The same lines go to
 * {@value #REPORT}, which CI prints at its end.
 *
 * <p>Registered through {@code META-INF/services} for this module's test runs; prints nothing
 * for a plan in which no test touched a container.
 */
public final class ContainerTestCount implements TestExecutionListener {

  /** Where the count is written, relative to the module. */
  static final String REPORT = "target/container-tests.txt";

  private final Set<String> onContainers = new HashSet<>();
  private int passed;
  private int failed;
  private final Map<String, Integer> skipped = new TreeMap<>();
  private final Map<String, String> backends = new HashMap<>();

  @Override
  public synchronized void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
    entry.getKeyValuePairs().forEach((key, value) -> {
      if (key.equals(MongoClusterExtension.BACKEND_ENTRY)) {
        backends.put(test.getUniqueId(), value);
      }
    });
  }

  @Override
  public synchronized void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && "testcontainers".equals(backends.get(test.getUniqueId()))) {
      onContainers.add(test.getUniqueId());
      if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
        passed++;
      } else {
        failed++;
      }
    }
  }

  /** A skipped test method, or a skipped parameterized test with all its invocations. */
  @Override
  public synchronized void executionSkipped(TestIdentifier test, String reason) {
    boolean method = test.getSource().filter(MethodSource.class::isInstance).isPresent();
    if (method && reason != null && reason.contains("testcontainers")) {
      skipped.merge(reason, 1, Integer::sum);
    }
  }

  @Override
  public synchronized void testPlanExecutionFinished(TestPlan plan) {
    if (onContainers.isEmpty() && skipped.isEmpty()) {
      return;
    }
    StringBuilder out = new StringBuilder("[containers] " + onContainers.size()
        + " tests ran against containers (" + passed + " passed, " + failed + " failed); "
        + skipped.values().stream().mapToInt(Integer::intValue).sum() + " skipped\n");
    skipped.forEach((reason, n) -> out.append("[containers] skipped ").append(n).append(": ")
        .append(reason).append('\n'));
    System.out.print(out);
    try {
      Files.createDirectories(Path.of(REPORT).getParent());
      Files.writeString(Path.of(REPORT), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
