package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.ExperimentResults;
import dev.refarch.experiments.report.Fixtures;
import dev.refarch.experiments.report.TrialRecord;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTML reports in a real browser: headless Chromium renders each page with the network off.
 *
 * <p>How errors are seen: the page carries a tiny inline script ({@link Page}) that counts
 * script errors, images that fail to decode, Content-Security-Policy violations and
 * {@code console.error} calls into {@code data-errors} on the root element and, on {@code load},
 * the images that decoded into {@code data-charts-rendered}; {@code --dump-dom} prints the DOM
 * after load, so the test reads both attributes. As a second, independent net, Chromium logs the
 * page's console to stderr ({@code --enable-logging=stderr --v=0}); any {@code CONSOLE} or
 * {@code Uncaught} line fails the test. {@link #aBrokenPageIsCaught} proves both nets catch
 * errors. A full-page screenshot of each report is kept under
 * {@code target/report-screenshots/}, beside the reports themselves.
 *
 * <p>Skips, with the reason printed, when no Chromium binary is installed.
 */
class ReportInBrowserIT {

  private static final Path ARTIFACTS = Path.of(System.getProperty("basedir", "."), "target",
      "report-screenshots");
  private static final String NO_CHROMIUM = "no Chromium binary found (looked for "
      + String.join(", ", Chromium.NAMES) + " on the PATH and $CHROMIUM_BIN); install Debian's"
      + " chromium package to run this test";
  private static Chromium chromium;

  @BeforeAll
  static void findChromium() {
    chromium = Chromium.find().orElse(null);
    if (chromium == null) {
      System.out.println("[ReportInBrowserIT] skipped: " + NO_CHROMIUM);
    }
  }

  @BeforeEach
  void needsChromium() {
    Assumptions.assumeTrue(chromium != null, NO_CHROMIUM);
  }

  static Stream<String> pages() {
    return Stream.of(Fixtures.A1, Fixtures.A12, Fixtures.B2, Fixtures.SLO, "comparison");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void reportRendersWithAllChartsAndNoErrors(String page, @TempDir Path tmp) throws Exception {
    Path html = write(page);
    int images = count(Files.readString(html), "<img ");
    assertThat(images).as("charts in %s", html).isGreaterThanOrEqualTo(2);

    Chromium.Output dom = chromium.run(html, Files.createDirectories(tmp.resolve("profile-dom")),
        "--virtual-time-budget=10000", "--dump-dom");
    assertThat(attribute(dom.stdout(), "data-charts-rendered"))
        .as("images decoded on load (is the load event reached?)").contains(String.valueOf(images));
    assertThat(attribute(dom.stdout(), "data-errors")).as("errors the page recorded: %s",
        between(dom.stdout(), "<pre id=\"report-errors\"", "</pre>")).contains("0");
    assertThat(dom.consoleLines()).as("console output and uncaught errors").isEmpty();
    assertThat(dom.stdout()).contains("<figure class=\"chart\"", "</html>");

    Path png = ARTIFACTS.resolve(Path.of(page).getFileName() + ".png");
    Chromium.Output shot = chromium.run(html, Files.createDirectories(tmp.resolve("profile-shot")),
        "--hide-scrollbars", "--window-size=1280,7200", "--screenshot=" + png);
    assertThat(png).as("screenshot; chromium said: %s", shot.stderr()).exists();
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1280);
    assertThat(distinctColours(image)).as("a rendered page, not a blank one").isGreaterThan(50);
    System.out.println("[ReportInBrowserIT] " + page + ": " + images + " charts rendered, no errors;"
        + " screenshot " + png.toAbsolutePath());
  }

  @Test
  void indexRendersEachStatusInItsColourWithNoErrors(@TempDir Path tmp) throws Exception {
    Path html = write("index");
    Chromium.Output dom = chromium.run(html, Files.createDirectories(tmp.resolve("profile-dom")),
        "--virtual-time-budget=10000", "--dump-dom");
    assertThat(attribute(dom.stdout(), "data-errors")).as("errors the page recorded: %s",
        between(dom.stdout(), "<pre id=\"report-errors\"", "</pre>")).contains("0");
    assertThat(dom.stdout()).contains("A1-client-threads/report.html", "B2-balanced-durability");

    BufferedImage page = ImageIO.read(screenshot(html, "index.png", 1280, 800, tmp).toFile());
    // A1 is partial (a failed and a missing trial), A12 and B2 complete: their badges' colours
    assertThat(Screenshots.pixelsNear(page, 0xfdf0d5, 6)).as("the partial badge").isGreaterThan(300);
    assertThat(Screenshots.pixelsNear(page, 0xe3f4e8, 6)).as("two complete badges")
        .isGreaterThan(600);
    assertThat(Screenshots.pixelsNear(page, 0x8a1c1c, 60)).as("'1 failed, 1 missing' in red")
        .isGreaterThan(20);
  }

  static Stream<String> screenshots() {
    return Stream.of("index", Fixtures.A12);
  }

  /**
   * The top of the index and of A12's report (header, verdicts with their chart, the first sweep
   * chart) as Chromium draws them, against the committed references: catches a layout, style or
   * chart that changed or vanished, which error counts cannot.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("screenshots")
  void pageLooksAsItsReferenceScreenshot(String page, @TempDir Path tmp) throws Exception {
    String name = Path.of(page).getFileName() + "-top.png";
    Path png = screenshot(write(page), name, 1280, page.equals("index") ? 800 : 1800, tmp);
    Screenshots.assertMatchesReference(name, png);
  }

  /**
   * A categorical sweep (A12: kill-primary, pause-primary) shows bars in the browser, a numeric
   * one (A1: 1, 2, 4 threads) lines: each throughput chart alone on a page, the first series'
   * colour sought as tall vertical blocks inside the chart.
   */
  @Test
  void categoricalSweepsShowBarsAndNumericOnesLines(@TempDir Path tmp) throws Exception {
    Path dir = ARTIFACTS.resolve("folders");
    int blue = 0x0072b2;
    BufferedImage bars = ImageIO.read(screenshot(chartPage(fresh(Fixtures.A12, dir), tmp),
        "A12-throughput.png", 1000, 560, tmp).toFile());
    BufferedImage lines = ImageIO.read(screenshot(chartPage(fresh(Fixtures.A1, dir), tmp),
        "A1-throughput.png", 1000, 560, tmp).toFile());

    // the pss bar: about 190 px wide and 200 px tall at 464 ops/s
    assertThat(Screenshots.columnsWithRun(bars, blue, 100)).as("columns of a bar")
        .isGreaterThan(100);
    assertThat(Screenshots.pixelsNear(lines, blue, 8)).as("a line is drawn").isGreaterThan(100);
    assertThat(Screenshots.columnsWithRun(lines, blue, 40)).as("no bar among lines").isZero();
  }

  /**
   * The server side of A12's kill-primary trial as Chromium draws it — which member was primary,
   * each secondary's lag, beneath the clients' p99 — against the committed reference: catches a
   * telemetry chart that changed or vanished.
   */
  @Test
  void theServerSideOfAFaultTrialLooksAsItsReferenceScreenshot(@TempDir Path tmp)
      throws Exception {
    ExperimentResults r = ExperimentResults.load(fresh(Fixtures.A12, ARTIFACTS.resolve("folders")));
    TrialRecord kill = r.trials().stream().filter(t -> t.id().equals(Fixtures.A12_KILL))
        .findFirst().orElseThrow();
    List<ChartImage> charts = TelemetryCharts.of(kill);
    assertThat(charts).extracting(ChartImage::title).contains("Primary of " + Fixtures.A12_KILL,
        "Replication lag of " + Fixtures.A12_KILL, "Server CPU of " + Fixtures.A12_KILL);
    Html page = new Html().raw(Page.open("server side"));
    TimeCharts.p99(kill).ifPresent(page::figure);
    charts.stream().filter(c -> c.title().startsWith("Primary")
        || c.title().startsWith("Replication")).forEach(page::figure);
    Path html = tmp.resolve("server-side.html");
    Files.writeString(html, page.raw(Page.close("")).toString());
    Path png = screenshot(html, "A12-server-side.png", 1000, 1500, tmp);
    Screenshots.assertMatchesReference("A12-server-side.png", png);
  }

  /** A page holding only the experiment's throughput chart, as the report embeds it. */
  private static Path chartPage(Path experiment, Path tmp) throws IOException {
    ExperimentResults r = ExperimentResults.load(experiment);
    Path html = tmp.resolve(experiment.getFileName() + "-throughput.html");
    Files.writeString(html, new Html().raw(Page.open("throughput"))
        .figure(SweepCharts.throughput(r, List.of()).orElseThrow()).raw(Page.close("")).toString());
    return html;
  }

  /** A screenshot of {@code html} at a fixed window size and scale, kept under target/. */
  private static Path screenshot(Path html, String name, int width, int height, Path tmp)
      throws IOException, InterruptedException {
    Path png = ARTIFACTS.resolve(name);
    Files.deleteIfExists(png);
    Chromium.Output shot = chromium.run(html, Files.createTempDirectory(tmp, "profile-shot"),
        "--hide-scrollbars", "--force-device-scale-factor=1", "--virtual-time-budget=10000",
        "--window-size=" + width + "," + height, "--screenshot=" + png);
    assertThat(png).as("screenshot; chromium said: %s", shot.stderr()).exists();
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(new int[] {image.getWidth(), image.getHeight()}).containsExactly(width, height);
    return png;
  }

  @Test
  void aBrokenPageIsCaught(@TempDir Path tmp) throws Exception {
    Path html = tmp.resolve("broken.html");
    Files.writeString(html, Page.open("broken") + "<img alt=\"bad chart\" src=\""
        + ChartImage.DATA_URI_PREFIX + "AAAA\">\n<script>notDefined();</script>\n"
        + Page.close("broken on purpose"));
    Chromium.Output dom = chromium.run(html, Files.createDirectories(tmp.resolve("profile")),
        "--virtual-time-budget=10000", "--dump-dom");
    assertThat(attribute(dom.stdout(), "data-errors")).contains("2");
    assertThat(attribute(dom.stdout(), "data-charts-rendered")).contains("0");
    assertThat(dom.stdout()).contains("cannot load img \"bad chart\"", "notDefined");
    assertThat(dom.consoleLines()).anySatisfy(l -> assertThat(l).contains("notDefined"));
  }

  /** Writes the report (or the comparison) from fresh copies of the fixtures under target/. */
  private static Path write(String page) throws IOException {
    Path dir = ARTIFACTS.resolve("folders");
    Files.createDirectories(ARTIFACTS);
    if (page.equals("comparison")) {
      return ComparisonReport.write(fresh(Fixtures.A1, dir), fresh(Fixtures.A1_DURABLE, dir),
          dir.resolve("comparison")).html();
    }
    if (page.equals("index")) {
      for (String experiment : List.of(Fixtures.A1, Fixtures.A12, Fixtures.B2)) {
        fresh(experiment, dir);
      }
      ResultsIndex.reportAll(dir.resolve("results"));
      return dir.resolve("results").resolve(ResultsIndex.FILE);
    }
    return ExperimentReport.write(fresh(page, dir)).html();
  }

  private static Path fresh(String fixture, Path dir) throws IOException {
    dev.refarch.experiments.results.ResultsFolder.delete(dir.resolve(fixture));
    return Fixtures.copy(fixture, dir);
  }

  private static Optional<String> attribute(String dom, String name) {
    Matcher m = Pattern.compile("<html[^>]*\\s" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(dom);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  private static String between(String text, String from, String to) {
    int a = text.indexOf(from);
    int b = a < 0 ? -1 : text.indexOf(to, a);
    return a < 0 || b < 0 ? "(none)" : text.substring(a, b);
  }

  private static int count(String text, String needle) {
    return (text.length() - text.replace(needle, "").length()) / needle.length();
  }

  private static long distinctColours(BufferedImage image) {
    java.util.Set<Integer> colours = new java.util.HashSet<>();
    for (int y = 0; y < image.getHeight(); y += 7) {
      for (int x = 0; x < image.getWidth(); x += 7) {
        colours.add(image.getRGB(x, y));
      }
    }
    return colours.size();
  }

}
