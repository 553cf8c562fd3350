package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Categorical sweeps are drawn as bars, numeric ones as lines: checked on the rendered PNGs by
 * the area the first series' colour covers (a bar fills a block, a line is a thin trace).
 */
class SweepChartsTest {

  /** The first series' colour (Okabe and Ito's blue). */
  private static final int FIRST = 0xFF0072B2;

  @Test
  void aCategoricalSweepIsDrawnAsBars(@TempDir Path dir) throws IOException {
    ExperimentResults r = ExperimentResults.load(Fixtures.copy(Fixtures.A12, dir));
    assertThat(r.xParameter()).hasValue("fault");
    assertThat(SweepCharts.categorical(r)).isTrue();

    BufferedImage png = png(SweepCharts.throughput(r, List.of()).orElseThrow());
    // two bars of about 170 × 150 px and more
    assertThat(pixels(png, FIRST)).isGreaterThan(20_000);
  }

  @Test
  void aNumericSweepIsDrawnAsLines(@TempDir Path dir) throws IOException {
    ExperimentResults r = ExperimentResults.load(Fixtures.copy(Fixtures.A1, dir));
    assertThat(r.xParameter()).hasValue("threadcount");
    assertThat(SweepCharts.categorical(r)).isFalse();

    long blue = pixels(png(SweepCharts.throughput(r, List.of()).orElseThrow()), FIRST);
    assertThat(blue).isBetween(100L, 5_000L);
  }

  @Test
  void latencyLegendsAndCaptionsSayWhatTheFiguresRestOn(@TempDir Path dir) {
    ExperimentResults r = ExperimentResults.load(Fixtures.copy(Fixtures.A1, dir));
    ChartImage update = SweepCharts.latency(r, "UPDATE").orElseThrow();
    assertThat(update.caption()).contains("n in the legend: the measured UPDATE operations",
        "Each point: 1–2 completed repetitions");
    assertThat(SweepCharts.samples(r.series().values().iterator().next(), "UPDATE"))
        .matches(" \\(n \\d+–\\d+\\)");
  }

  private static BufferedImage png(ChartImage chart) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(chart.png()));
  }

  private static long pixels(BufferedImage image, int argb) {
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        n += image.getRGB(x, y) == argb ? 1 : 0;
      }
    }
    return n;
  }
}
