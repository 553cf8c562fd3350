package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Fixtures;
import dev.refarch.experiments.report.ResultsWriter;
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

  /**
   * A zipped sweep (A6: each topology measured at only some values) with repetitions: bars side
   * by side with gaps, each with its interval — XChart cannot draw an error bar at a gap, so the
   * chart draws a gap as an empty slot, and as dashes where its series overlap.
   */
  @Test
  void repetitionsDrawTheirIntervalsAlsoInSeriesWithGaps(@TempDir Path dir) throws IOException {
    ResultsWriter w = new ResultsWriter(dir);
    java.util.Map<String, List<String>> swept = new java.util.LinkedHashMap<>();
    swept.put("topology", List.of("rs=1", "rs=3", "rs=3"));
    swept.put("mongodb.writeConcern.w", List.of("1", "1", "majority"));
    w.plan(dev.refarch.experiments.spec.ExperimentSpec.builder("A6").workload("c")
        .sweep(dev.refarch.experiments.spec.Sweep.zipped(swept)).repetitions(2).build());
    String[] ids = {"t001-topology=rs=1-mongodb.writeConcern.w=1",
        "t002-topology=rs=3-mongodb.writeConcern.w=1",
        "t003-topology=rs=3-mongodb.writeConcern.w=majority"};
    double[] rates = {5000, 3000, 2200};
    for (int i = 0; i < ids.length; i++) {
      w.trial("A6", ids[i] + "-r1", rates[i], true, "none");
      w.trial("A6", ids[i] + "-r2", rates[i] * 1.1, true, "none");
    }
    ExperimentResults r = ExperimentResults.load(dir.resolve("A6"));
    assertThat(r.series()).hasSize(2);
    BufferedImage bars = png(SweepCharts.throughput(r, List.of()).orElseThrow());
    assertThat(pixels(bars, FIRST)).isGreaterThan(10_000);
    assertThat(pixels(bars, 0xFF3C3C3C)).as("the intervals' dark grey").isGreaterThan(20);
    assertThat(SweepCharts.latency(r, "READ")).isPresent();
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
