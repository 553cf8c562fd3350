package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TrialTelemetry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Each rule's threshold, from both sides, with medians over a point's trials. */
class ServerSideTest {

  private static TrialRecord trial(String id, double pagesReadIn, double diskBusy,
      double machineShare) {
    List<TrialTelemetry.Figure> figures = new ArrayList<>();
    figures.add(new TrialTelemetry.Figure("mongodb", "rs0-0", "cache.pagesReadIn", "/s",
        pagesReadIn, pagesReadIn, pagesReadIn, 10));
    figures.add(new TrialTelemetry.Figure("disk", "vda", "disk.utilisation", "%", diskBusy,
        diskBusy, diskBusy, 10));
    figures.add(new TrialTelemetry.Figure("disk", "vdb", "disk.utilisation", "%", 1, 1, 1, 10));
    CpuEvidence cpu = new CpuEvidence(10, 2, OptionalDouble.of(2), OptionalDouble.empty(),
        OptionalDouble.of(10), OptionalDouble.empty(), OptionalDouble.of(machineShare * 20));
    TrialFacts facts = new TrialFacts(Optional.of(true), 10, true, 1, 8, 2, OptionalDouble.of(0.1),
        Map.of(), 0, new TrialFacts.Window(0, 10_000, true), Optional.empty(), Optional.of(cpu),
        OptionalDouble.empty(), Optional.of(new ServerTelemetry(figures, List.of())), List.of());
    return new TrialRecord(id, Map.of(), 1, TrialRecord.Status.COMPLETED, List.of(), Map.of(),
        List.of(), "run", Optional.empty(), facts);
  }

  private static Optional<Point> point(TrialRecord... trials) {
    return Optional.of(new Point(Map.of("n", trials[0].id()), List.of(trials)));
  }

  @Test
  void aCacheReadingTenTimesTheOtherPointsPagesAndAHundredASecondIsOutgrown() {
    assertThat(ServerSide.of(point(trial("150k", 1_000, 10, 0.5), trial("150k", 3_000, 10, 0.5),
        trial("150k", 900, 10, 0.5)), point(trial("10k", 90, 10, 0.5)), "recordcount=150000",
        "recordcount=10000")).containsExactly("data outgrew the cache at recordcount=150000:"
            + " 1000 pages/s read into cache against 90 at recordcount=10000");
    // 9.9× is not an order of magnitude; 99 pages/s are not a cache missing
    assertThat(ServerSide.of(point(trial("a", 990, 10, 0.5)), point(trial("b", 100, 10, 0.5)),
        "a", "b")).isEmpty();
    assertThat(ServerSide.of(point(trial("a", 99, 10, 0.5)), point(trial("b", 0, 10, 0.5)),
        "a", "b")).isEmpty();
    assertThat(ServerSide.of(point(trial("a", 0, 10, 0.5)), point(trial("b", 100, 10, 0.5)),
        "a", "b")).containsExactly("data outgrew the cache at b: 100 pages/s read into cache"
            + " against 0 at a");
  }

  @Test
  void aDiskBusyNinetyPercentAndCoresNinetyFivePercentBusyAreNamedWithThePoint() {
    assertThat(ServerSide.of(point(trial("a", 0, 93, 0.97)), point(trial("b", 0, 89.9, 0.949)),
        "a", "b")).containsExactly("disk-bound at a: vda had I/O in flight 93 % of the time",
            "CPU-bound at a: the machine's 2 cores were 97 % busy");
  }

  @Test
  void withoutTelemetryOrAgainstItselfNothingIsSaid() {
    Optional<Point> p = point(trial("a", 5_000, 99, 1.0));
    assertThat(ServerSide.of(p, p, "a", "a")).isEmpty();
    assertThat(ServerSide.of(p, Optional.empty(), "a", "b")).isEmpty();
  }
}
