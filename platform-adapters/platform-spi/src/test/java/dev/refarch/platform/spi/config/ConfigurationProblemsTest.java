package dev.refarch.platform.spi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigurationProblemsTest {

  private static final Setting<Integer> BATCH = Setting.integer("db.batchsize", 1, 1, 10, "batch");
  private static final Setting<String> URL = Setting.string("db.url", null, "where");

  @Test
  void refusesAnEmptyValueNamingTheDefault() {
    ConfigurationProblems problems = new ConfigurationProblems();
    assertThat(problems.find(BATCH, Map.of("db.batchsize", " "))).isEmpty();
    assertThatThrownBy(problems::throwIfAny).hasMessage("db.batchsize=' ' is not allowed;"
        + " allowed: an integer from 1 to 10 (the value is empty; remove the key to use the"
        + " default, 1)");
  }

  @Test
  void reportsEveryProblemInOneMessageInTheOrderFound() {
    ConfigurationProblems problems = new ConfigurationProblems();
    problems.find(BATCH, Map.of("db.batchsize", "0"));
    problems.find(URL, Map.of("db.url", ""));
    assertThatThrownBy(problems::throwIfAny).isInstanceOf(ConfigurationException.class)
        .hasMessage("2 settings are not allowed:\n"
            + "  db.batchsize='0' is not allowed; allowed: an integer from 1 to 10\n"
            + "  db.url='' is not allowed; allowed: any text (the value is empty; remove the key"
            + " to leave it unset)")
        .satisfies(e -> assertThat(((ConfigurationException) e).problems()).hasSize(2)
            .extracting(ConfigurationException::key).containsExactly("db.batchsize", "db.url"));
  }

  @Test
  void reportsTheSameProblemOnceButCountsEveryReport() {
    ConfigurationProblems problems = new ConfigurationProblems();
    problems.find(BATCH, Map.of("db.batchsize", "11"));
    problems.find(BATCH, Map.of("db.batchsize", "11"));
    assertThat(problems.problems()).hasSize(1);
    assertThat(problems.reports()).isEqualTo(2);
    assertThat(problems.has("db.batchsize")).isTrue();
  }

  @Test
  void absentKeysAreNoProblemAndGiveTheDefault() {
    ConfigurationProblems problems = new ConfigurationProblems();
    assertThat(problems.from(BATCH, Map.of())).isEqualTo(1);
    assertThat(problems.isEmpty()).isTrue();
    problems.throwIfAny();
  }
}
