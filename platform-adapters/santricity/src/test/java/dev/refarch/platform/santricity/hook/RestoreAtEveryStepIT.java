package dev.refarch.platform.santricity.hook;

import static dev.refarch.platform.santricity.Fixtures.hybrid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.refarch.platform.santricity.Fixtures;
import dev.refarch.platform.santricity.RecordingContext;
import dev.refarch.platform.santricity.testdouble.ArrayState;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.ChangeFailure;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hook's restore is total. For both API generations and two starting arrays — an empty one,
 * where the trial creates pool, volumes and SSD cache, and one holding an operator's pool, volumes
 * and suspended cache, which the trial grows, resumes and re-targets — a clean trial (run phase,
 * restored afterwards) is run once to count its changes n. Then, on a fresh array, the k-th change
 * fails for every k in 1..n, in each {@link ChangeFailure} way, and the trial carries on as the
 * runner would ({@code after} with the failure when {@code before} threw). The array must end as
 * it started; only when a change is refused for good may {@code after} fail, and then every
 * object that differs must be named in its report.
 */
class RestoreAtEveryStepIT {

  private static final Pattern QUOTED = Pattern.compile("'([^']+)'");

  /** What the array holds before the trial. */
  enum Start {
    EMPTY, OPERATORS_STORAGE
  }

  /** One trial: which change fails and how. */
  record Case(Flavor flavor, Start start, int step, int of, ChangeFailure how) {
    @Override
    public String toString() {
      return flavor + ", " + start + ": change " + step + " of " + of + " " + how;
    }
  }

  static Stream<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (Flavor flavor : Flavor.values()) {
      for (Start start : Start.values()) {
        int n = changesOfACleanTrial(flavor, start);
        IntStream.rangeClosed(1, n).forEach(k -> {
          for (ChangeFailure how : ChangeFailure.values()) {
            cases.add(new Case(flavor, start, k, n, how));
          }
        });
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void endsAsItStartedOrNamesWhatIsLeft(Case c) {
    try (SantricityTestDouble array = SantricityTestDouble.start(c.flavor())) {
      prepare(array, c.start());
      List<String> start = array.array(ArrayState::describe);
      array.failChange(c.step(), c.how());
      RecordingContext context = new RecordingContext(Phase.RUN, trial(array));

      Throwable afterFailure = runTrial(context);

      List<String> end = array.array(ArrayState::describe);
      if (afterFailure == null) {
        assertThat(end).isEqualTo(start);
        return;
      }
      assertThat(c.how()).as("only a change refused for good may stay undone: " + afterFailure)
          .isEqualTo(ChangeFailure.REFUSED_FOR_GOOD);
      Set<String> named = quotedNames(afterFailure.getMessage());
      assertThat(differences(start, end)).as("every difference is named in: "
          + afterFailure.getMessage()).isNotEmpty()
          .allMatch(pair -> named.stream().anyMatch(pair::contains));
      assertThat(context.fact("restore.run.left")).isNotBlank();
    }
  }

  private static Throwable runTrial(RecordingContext context) {
    SantricityHook hook = new SantricityHook(Fixtures.environment(), Clock.systemUTC());
    PhaseOutcome outcome = PhaseOutcome.success();
    try {
      hook.before(context);
    } catch (RuntimeException e) {
      outcome = PhaseOutcome.failed("before failed: " + e.getMessage());
    }
    PhaseOutcome ended = outcome;
    return catchThrowable(() -> hook.after(context, ended));
  }

  private static int changesOfACleanTrial(Flavor flavor, Start start) {
    try (SantricityTestDouble array = SantricityTestDouble.start(flavor)) {
      prepare(array, start);
      List<String> before = array.array(ArrayState::describe);
      array.clearExchanges();
      assertThat(runTrial(new RecordingContext(Phase.RUN, trial(array)))).isNull();
      assertThat(array.array(ArrayState::describe)).isEqualTo(before);
      return Math.toIntExact(array.mutatingRequests());
    }
  }

  /** Three volumes in the HDD pool, an SSD cache of three, every volume cached. */
  private static Map<String, String> trial(SantricityTestDouble array) {
    return hybrid(array, "santricity.volume.count", "3", "santricity.cache.driveCount", "3");
  }

  /**
   * {@code OPERATORS_STORAGE}: the pool with volumes 1 and 2, and a suspended two-SSD cache that
   * serves volume 1 but not volume 2 — so the trial creates volume 3, adds an SSD, resumes the
   * cache and caches volumes 2 and 3.
   */
  private static void prepare(SantricityTestDouble array, Start start) {
    if (start == Start.EMPTY) {
      return;
    }
    RecordingContext setup = new RecordingContext(Phase.LOAD, hybrid(array,
        "santricity.volume.count", "2", "santricity.cache.driveCount", "2",
        "santricity.restore", "never"));
    new SantricityHook(Fixtures.environment(), Clock.systemUTC()).before(setup);
    try (var client = Fixtures.client(array)) {
      client.ssdCache().suspend(client.ssdCache().find().orElseThrow());
      client.volumes().setFlashCache(client.volumes().byName("mongo_hdd_2").orElseThrow(), false);
    }
  }

  /** Per object that differs, its line at the start and at the end, joined by {@code " -> "}. */
  private static List<String> differences(List<String> start, List<String> end) {
    Map<String, String> before = byObject(start);
    Map<String, String> after = byObject(end);
    Set<String> objects = new LinkedHashSet<>(before.keySet());
    objects.addAll(after.keySet());
    List<String> out = new ArrayList<>();
    for (String object : objects) {
      String was = before.getOrDefault(object, "absent");
      String is = after.getOrDefault(object, "absent");
      if (!was.equals(is)) {
        out.add(was + " -> " + is);
      }
    }
    return out;
  }

  /** Lines of {@link ArrayState#describe()} by the object they describe. */
  private static Map<String, String> byObject(List<String> lines) {
    Map<String, String> out = new java.util.TreeMap<>();
    for (String line : lines) {
      String[] words = line.split(" ");
      String object = line.contains("SSD cache") && !line.startsWith("drive ") ? "cache"
          : words[0] + " " + words[1];
      out.put(object, line);
    }
    return out;
  }

  private static Set<String> quotedNames(String message) {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = QUOTED.matcher(message);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }
}
