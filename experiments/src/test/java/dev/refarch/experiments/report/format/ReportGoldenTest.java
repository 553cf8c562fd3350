package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.Fixtures;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seals report.json, report.csv and the structure of report.html (images masked) of each fixture
 * experiment, and comparison.*, in {@code Locale.ROOT} and in a comma-decimal locale: the
 * outputs must be byte-for-byte the same in both.
 */
class ReportGoldenTest {

  private static final Locale DEFAULT = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(DEFAULT);
  }

  static Stream<Arguments> experimentsAndLocales() {
    List<Arguments> out = new ArrayList<>();
    for (String experiment : List.of(Fixtures.A1, Fixtures.A12, Fixtures.B2)) {
      for (Locale locale : List.of(Locale.ROOT, Locale.GERMANY)) {
        out.add(Arguments.of(experiment, locale));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} in locale ''{1}''")
  @MethodSource("experimentsAndLocales")
  void reportMatchesItsGoldenFilesInEveryLocale(String experiment, Locale locale,
      @TempDir Path dir) {
    Locale.setDefault(locale);
    ReportFiles files = ExperimentReport.write(Fixtures.copy(experiment, dir));
    String name = Path.of(experiment).getFileName().toString();
    Golden.assertMatches(name + "/report.json", Golden.read(files.json()));
    Golden.assertMatches(name + "/report.csv", Golden.read(files.csv()));
    Golden.assertMatches(name + "/report.html", Golden.structure(Golden.read(files.html())));
  }

  @ParameterizedTest(name = "in locale ''{0}''")
  @MethodSource("locales")
  void comparisonMatchesItsGoldenFilesInEveryLocale(Locale locale, @TempDir Path dir) {
    Locale.setDefault(locale);
    ReportFiles files = ComparisonReport.write(Fixtures.copy(Fixtures.A1, dir),
        Fixtures.copy(Fixtures.A1_DURABLE, dir), dir.resolve("compare"));
    Golden.assertMatches("comparison/comparison.json", Golden.read(files.json()));
    Golden.assertMatches("comparison/comparison.csv", Golden.read(files.csv()));
    Golden.assertMatches("comparison/comparison.html", Golden.structure(Golden.read(files.html())));
  }

  static Stream<Locale> locales() {
    return Stream.of(Locale.ROOT, Locale.GERMANY);
  }

  @Test
  void pagesLoadNothingFromAnywhere(@TempDir Path dir) {
    for (String experiment : List.of(Fixtures.A1, Fixtures.A12, Fixtures.B2)) {
      String html = Golden.read(ExperimentReport.write(Fixtures.copy(experiment, dir)).html());
      assertThat(html).as(experiment).doesNotContain("http://", "https://", "//fonts", "<link")
          .doesNotContainPattern("src=\"(?!data:image/png;base64,)")
          .contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';");
    }
    String comparison = Golden.read(ComparisonReport.write(dir.resolve(Fixtures.A1),
        Fixtures.copy(Fixtures.A1_DURABLE, dir), dir.resolve("compare")).html());
    assertThat(comparison).doesNotContain("http://", "https://");
  }

  @Test
  void everyChartIsAnEmbeddedPngOfTheChartSize(@TempDir Path dir) throws Exception {
    String html = Golden.read(ExperimentReport.write(Fixtures.copy(Fixtures.A12, dir)).html());
    Matcher m = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
    int images = 0;
    while (m.find()) {
      BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(m.group(1))));
      assertThat(png.getWidth()).isEqualTo(Charts.WIDTH);
      assertThat(png.getHeight()).isEqualTo(Charts.HEIGHT);
      images++;
    }
    // throughput, READ and UPDATE latency, reference bars, two fault timelines each with its
    // p99 beneath, the kill trial's server CPU, cache reads, disk, lag and primary (the pause
    // trial has no telemetry), one spectrum
    assertThat(images).isEqualTo(14);
  }
}
