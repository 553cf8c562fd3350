package dev.refarch.experiments.report;

import static org.assertj.core.api.Assertions.assertThat;

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
    return Stream.of(Fixtures.A1, Fixtures.A12, Fixtures.B2, "comparison");
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
      return Comparison.write(fresh(Fixtures.A1, dir), fresh(Fixtures.A1_DURABLE, dir),
          dir.resolve("comparison")).html();
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
