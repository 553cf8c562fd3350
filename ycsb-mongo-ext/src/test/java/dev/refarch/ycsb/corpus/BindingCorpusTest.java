package dev.refarch.ycsb.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.ycsb.mongo.InitFailure;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays every corpus row without a server: each must fail in validation — before anything
 * connects, which the base URL (a closed port) would make a different failure — with one
 * message holding the row's fragments, classed as bad settings (exit code 2).
 */
class BindingCorpusTest {

  /** Nothing listens on port 1; a row that got past validation would fail to connect instead. */
  static final Map<String, String> BASE = Map.of("mongodb.url", "mongodb://127.0.0.1:1/corpus",
      "mongodb.serverSelectionTimeoutMS", "200", "workload", "site.ycsb.workloads.CoreWorkload");

  static Stream<Corpus.Row> rows() {
    return Corpus.rows().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void failsBeforeConnectingWithOneMessageNamingEveryProblem(Corpus.Row row) {
    Optional<Corpus.Failure> failure = Corpus.replay(row, BASE);
    assertThat(failure).as(row.id() + " was accepted").isPresent();
    row.assertMessage(failure.get().message());
    assertThat(failure.get().exitCode()).as(row.id() + ": " + failure.get().message())
        .isEqualTo(InitFailure.BAD_SETTINGS);
  }

  @Test
  void theCorpusHasAtLeastSeventyBindingRowsWithUniqueIds() {
    List<Corpus.Row> rows = Corpus.rows();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(70);
    assertThat(rows.stream().map(Corpus.Row::id).distinct().count()).isEqualTo(rows.size());
  }
}
