package dev.refarch.experiments.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.experiments.report.Stat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The statistics this project computes, against values computed outside it, each with where it
 * comes from: NIST's certified values for its Statistical Reference Datasets (mean, standard
 * deviation, lag-1 autocorrelation), the 0.975 column of the NIST/SEMATECH e-Handbook's table of
 * Student's t, and R's printed output of Welch's two-sample t-test.
 */
class StatisticsReferenceTest {

  /**
   * NIST StRD, univariate summary statistics (https://www.itl.nist.gov/div898/strd/univ/): the
   * certified sample mean, standard deviation (n − 1) and lag-1 autocorrelation of each data set,
   * as NIST prints them (15 significant digits). The data are in {@code src/test/resources/stats/nist}.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "Lew,      -177.435000000000,  277.332168044316,     -0.307304800605679,  1e-13",
      "Mavro,    2.00185600000000,   0.000429123454003053, 0.937989183438248,   1e-10",
      "Michelso, 299.852400000000,   0.0790105478190518,   0.535199668621283,   1e-11",
      "NumAcc1,  10000002,           1,                    -0.5,                1e-13",
      "NumAcc3,  1000000.2,          0.1,                  -0.999,              1e-7",
      "PiDigits, 4.53480000000000,   2.86733906028871,     -0.00355099287237972, 1e-12"})
  void meanStandardDeviationAndAutocorrelationMatchNistsCertifiedValues(String dataset,
      double mean, double sd, double r1, double relative) throws IOException {
    double[] y = nist(dataset);
    Stat s = Stat.of(Arrays.stream(y).boxed().toList()).orElseThrow();
    assertThat(s.mean()).isCloseTo(mean, within(Math.abs(mean) * 1e-14 + 1e-15));
    // the 95 % half-width is t(n−1) · s / √n: recover s from it
    double recoveredSd = s.ci95() / Effect.quantile(y.length - 1) * Math.sqrt(y.length);
    assertThat(recoveredSd).isCloseTo(sd, within(sd * relative));
    assertThat(Autocorrelation.lag1(y)).isCloseTo(r1, within(Math.abs(r1) * relative * 10
        + 1e-12));
  }

  /**
   * NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.2, "Critical values of Student's t
   * distribution with ν degrees of freedom", the 0.975 column (two-sided 95 %), printed to three
   * decimals (https://www.itl.nist.gov/div898/handbook/eda/section3/eda3672.htm).
   */
  @ParameterizedTest(name = "df {0}")
  @CsvSource({"1, 12.706", "2, 4.303", "3, 3.182", "4, 2.776", "5, 2.571", "10, 2.228",
      "30, 2.042", "100, 1.984", "Infinity, 1.960"})
  void studentsTQuantilesMatchTheNistTable(double df, double printed) {
    assertThat(Effect.quantile(df)).isCloseTo(printed, within(5e-4));
  }

  /**
   * R's {@code t.test} (Welch's unequal-variance test, two-sided, 95 %), as printed in R's own
   * regression output {@code tests/Examples/stats-Ex.Rout.save} (r-source, 2024-08) for the
   * examples of {@code ?t.test}, and for Student's sleep data (the same file, 2023-09). The
   * interval is of {@code mean(x) − mean(y)}; here x is the measured side and y the base, on the
   * linear scale, so the relative interval times |mean(y)| is R's.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "t.test(1:10, y = c(7:20)); 1 2 3 4 5 6 7 8 9 10; 7 8 9 10 11 12 13 14 15 16 17 18 19 20;"
          + " 21.982; -11.052802; -4.947198",
      "t.test(1:10, y = c(7:20, 200)); 1 2 3 4 5 6 7 8 9 10;"
          + " 7 8 9 10 11 12 13 14 15 16 17 18 19 20 200; 14.165; -47.242900; 6.376233",
      "sleep, Welch; 0.7 -1.6 -0.2 -1.2 -0.1 3.4 3.7 0.8 0 2; 1.9 0.8 1.1 0.1 -0.1 4.4 5.5 1.6 4.6 3.4;"
          + " 17.776; -3.3654832; 0.2054832",
      "mtcars mpg by am; 21.4 18.7 18.1 14.3 24.4 22.8 19.2 17.8 16.4 17.3 15.2 10.4 10.4 14.7"
          + " 21.5 15.5 15.2 13.3 19.2; 21 21 22.8 32.4 30.4 33.9 27.3 26 30.4 15.8 19.7 15 21.4;"
          + " 18.332; -11.280194; -3.209684"})
  void welchsIntervalMatchesRsOutput(String example, String x, String y, double df, double low,
      double high) {
    Effect e = Effect.between(LogEstimate.linear(numbers(x)), LogEstimate.linear(numbers(y)));
    double base = Math.abs(Arrays.stream(numbers(y)).average().orElseThrow());
    Offset<Double> printed = within(1e-6 * Math.max(1, Math.abs(low)));
    assertThat(e.df()).isCloseTo(df, within(5e-4));
    assertThat(e.ci95().orElseThrow().low() * base / 100).isCloseTo(low, printed);
    assertThat(e.ci95().orElseThrow().high() * base / 100).isCloseTo(high, printed);
  }

  /**
   * A ratio's interval is Welch's interval on the logs, exponentiated: the same R example on
   * {@code log(x)} and {@code log(y)} gives the interval of the log-ratio.
   */
  @Test
  void aRatiosIntervalIsWelchsOnTheLogsExponentiated() {
    double[] x = numbers("1 2 3 4 5 6 7 8 9 10");
    double[] y = numbers("7 8 9 10 11 12 13 14 15 16 17 18 19 20");
    Effect onLogs = Effect.between(LogEstimate.linear(Arrays.stream(x).map(Math::log).toArray()),
        LogEstimate.linear(Arrays.stream(y).map(Math::log).toArray()));
    Effect ratio = Effect.between(LogEstimate.ofRepetitions(x), LogEstimate.ofRepetitions(y));
    double logBase = Math.abs(Arrays.stream(y).map(Math::log).average().orElseThrow());
    double lowLog = onLogs.ci95().orElseThrow().low() * logBase / 100;
    double highLog = onLogs.ci95().orElseThrow().high() * logBase / 100;
    assertThat(ratio.ci95().orElseThrow().low()).isCloseTo(Math.expm1(lowLog) * 100, within(1e-9));
    assertThat(ratio.ci95().orElseThrow().high()).isCloseTo(Math.expm1(highLog) * 100, within(1e-9));
    assertThat(ratio.df()).isCloseTo(onLogs.df(), within(1e-9));
  }

  static double[] numbers(String spaced) {
    return Arrays.stream(spaced.trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
  }

  static double[] nist(String dataset) throws IOException {
    try (InputStream in = StatisticsReferenceTest.class.getResourceAsStream(
        "/stats/nist/" + dataset + ".txt")) {
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
      return IntStream.range(0, lines.size()).mapToDouble(i -> Double.parseDouble(lines.get(i)
          .trim())).toArray();
    }
  }
}
