package dev.refarch.experiments.report.format;

import dev.refarch.experiments.report.Formats;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.AxesChartSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What every chart of a report shares: size, colours, a locale-independent number format, and
 * PNG encoding through XChart's {@link BitmapEncoder}. Rendering needs no display: AWT is put in
 * headless mode before XChart first touches it, unless the JVM was told otherwise.
 *
 * <p>Stateless and thread-safe (each chart is built and encoded by one thread).
 */
final class Charts {

  static final int WIDTH = 860;
  static final int HEIGHT = 420;

  /** Colour-blind-safe series colours (Okabe and Ito). */
  private static final Color[] COLORS = {new Color(0, 114, 178), new Color(213, 94, 0),
      new Color(0, 158, 115), new Color(204, 121, 167), new Color(230, 159, 0),
      new Color(86, 180, 233), new Color(0, 0, 0), new Color(240, 228, 66)};

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charts() {
  }

  /** An empty line chart with the report's look. */
  static XYChart xy(String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    style(chart.getStyler());
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setMarkerSize(7);
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  /** The report's look on any chart with axes. */
  static void style(AxesChartStyler styler) {
    styler.setLocale(Locale.ROOT);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotBackgroundColor(Color.WHITE);
    styler.setPlotBorderColor(Color.GRAY);
    styler.setPlotGridLinesColor(new Color(225, 225, 225));
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setLegendBorderColor(Color.WHITE);
    styler.setSeriesColors(COLORS);
    styler.setAntiAlias(true);
    styler.setYAxisDecimalPattern("#,##0.###");
    // intervals in a dark grey whatever the series' colour, so that a light bar's shows too
    styler.setErrorBarsColorSeriesColor(false);
    styler.setErrorBarsColor(new Color(60, 60, 60));
  }

  /** An empty chart over categories with the report's look, drawn as bars unless told. */
  static CategoryChart categories(String title, String xTitle, String yTitle) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    style(chart.getStyler());
    return chart;
  }

  /**
   * An empty line chart over categories, every series drawn at the same x positions: the papers
   * draw swept values (32, 64, 128 threads; on/off) evenly spaced, whatever their numeric
   * distance. A {@code null} value leaves a gap.
   */
  static CategoryChart lines(String title, String xTitle, String yTitle) {
    CategoryChart chart = categories(title, xTitle, yTitle);
    chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
    chart.getStyler().setOverlapped(true);
    chart.getStyler().setMarkerSize(7);
    // from zero, which also keeps XChart from putting ticks only at the data's two values
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  /**
   * An empty chart over categories: bars side by side per category, or lines with every series
   * drawn at the same x positions (the papers draw swept values — 32, 64, 128 threads — evenly
   * spaced, whatever their numeric distance). A {@code null} value leaves a gap.
   */
  static CategoryChart category(String title, String xTitle, String yTitle, boolean bars) {
    if (!bars) {
      return lines(title, xTitle, yTitle);
    }
    CategoryChart chart = categories(title, xTitle, yTitle);
    chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
    chart.getStyler().setOverlapped(false);
    chart.getStyler().setAvailableSpaceFill(0.7);
    // each bar's value inside its top, dark on light bars and light on dark ones, in the
    // tables' three significant digits (the axis too)
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsPosition(1.0);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(true);
    chart.getStyler().setLabelsFont(chart.getStyler().getAxisTickLabelsFont());
    chart.getStyler().setyAxisTickLabelsFormattingFunction(v -> Formats.significant(v, 3));
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  /**
   * The series' colour by its index among the chart's series: the palette's, or a light tint of
   * it for a companion series (the p99 beside a p50: dashed as a line, light as a bar).
   */
  static void colour(CategoryChart chart, CategorySeries series, int index, boolean companion) {
    Color c = COLORS[index % COLORS.length];
    Color tint = companion ? new Color((c.getRed() + 2 * 255) / 3, (c.getGreen() + 2 * 255) / 3,
        (c.getBlue() + 2 * 255) / 3) : c;
    if (chart.getStyler().getDefaultSeriesRenderStyle()
        == CategorySeries.CategorySeriesRenderStyle.Bar) {
      series.setFillColor(tint);
      series.setLineColor(c);
    } else {
      series.setLineColor(c);
      series.setMarkerColor(c);
      if (companion) {
        dashed(series);
      }
    }
  }

  /** Fault windows: light. */
  static final Color WINDOW = new Color(220, 50, 47, 45);
  /** Client-observed interruptions inside them: darker. */
  static final Color INTERRUPTION = new Color(220, 50, 47, 110);

  /** A translucent band from {@code x0} to {@code x1}, full height up to {@code top}. */
  static void band(XYChart chart, String name, double x0, double x1, double top, Color color) {
    XYSeries s = chart.addSeries(name, new double[] {x0, x1}, new double[] {top, top});
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    s.setFillColor(color);
    s.setLineColor(color);
    s.setMarker(SeriesMarkers.NONE);
  }

  /** Draws a series as markers only, e.g. the SLO's best points. */
  /**
   * A series of an interval's ends, drawn as dark dashes at each point and left out of the
   * legend (the caption says what they are).
   */
  static void intervalEnds(CategorySeries series) {
    series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
    series.setMarker(SeriesMarkers.RECTANGLE);
    series.setMarkerColor(new Color(60, 60, 60));
    series.setShowInLegend(false);
  }

  static void markers(CategorySeries series) {
    series.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
    series.setMarker(SeriesMarkers.DIAMOND);
    series.setMarkerColor(new Color(220, 50, 47));
  }

  /**
   * Shows each bar's value inside its top only when every bar is tall enough to hold it: a bar
   * under a tenth of the tallest would spill its label over the axis.
   */
  static void barLabels(CategoryChart chart) {
    // the bars' own values: not an interval's ends, not a gap
    java.util.DoubleSummaryStatistics v = chart.getSeriesMap().values().stream()
        .filter(s -> s.isShowInLegend()).flatMap(s -> s.getYData().stream())
        .filter(java.util.Objects::nonNull).mapToDouble(Number::doubleValue)
        .filter(d -> !Double.isNaN(d)).summaryStatistics();
    chart.getStyler().setLabelsVisible(v.getCount() > 0 && v.getMin() >= v.getMax() / 10);
  }

  /** Tilts category labels that would not fit side by side. */
  static void fitLabels(AxesChartStyler styler, java.util.List<String> labels) {
    int longest = labels.stream().mapToInt(String::length).max().orElse(0);
    styler.setXAxisLabelRotation(longest * labels.size() > 90 ? 30 : 0);
  }

  /** Draws a series dashed, e.g. the p99 beside the solid p50. */
  static void dashed(AxesChartSeries series) {
    series.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {6f, 4f}, 0f));
  }

  /**
   * Legend entries side by side when they fit the chart's width, else one per line: XChart
   * cuts a horizontal legend off at the chart's edges.
   */
  private static void fitLegend(Chart<?, ?> chart) {
    if (chart.getStyler() instanceof AxesChartStyler styler && styler.isLegendVisible()) {
      int chars = chart.getSeriesMap().keySet().stream().mapToInt(k -> k.length() + 6).sum();
      // about 6 px per character of the legend's font, 40 px for each entry's symbol
      if (chars * 6 + 40 * chart.getSeriesMap().size() > WIDTH - 40) {
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
      }
    }
  }

  /**
   * A time series as chart coordinates — seconds since {@code startMs}, values — with a break
   * (a NaN, which XChart leaves undrawn) wherever two samples lie more than {@code maxGapMs}
   * apart, so that a member that did not answer, or an interval in which nothing completed, shows
   * as a gap rather than as a line across it.
   *
   * @return {xs, ys}
   */
  static double[][] withGaps(java.util.SortedMap<Long, Double> points, long startMs,
      long maxGapMs) {
    java.util.List<double[]> out = new java.util.ArrayList<>();
    Long previous = null;
    for (var p : points.entrySet()) {
      if (previous != null && p.getKey() - previous > maxGapMs) {
        out.add(new double[] {(previous + p.getKey()) / 2.0 / 1000 - startMs / 1000.0,
            Double.NaN});
      }
      out.add(new double[] {(p.getKey() - startMs) / 1000.0, p.getValue()});
      previous = p.getKey();
    }
    return new double[][] {out.stream().mapToDouble(r -> r[0]).toArray(),
        out.stream().mapToDouble(r -> r[1]).toArray()};
  }

  /** The chart as PNG. */
  static ChartImage png(String id, String title, String caption, Chart<?, ?> chart) {
    fitLegend(chart);
    try {
      return new ChartImage(id, title, caption,
          BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode chart " + id + " as PNG", e);
    }
  }
}
