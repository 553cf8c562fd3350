package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.Fixtures;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Screenshots compared with committed references under
 * {@code src/test/resources/report/screenshots/}, and pixel checks on them. References are
 * stored at half the screenshot's size (each pixel the mean of a 2 × 2 block), which keeps them
 * small and forgives sub-pixel differences in anti-aliasing; a screenshot matches when at most
 * {@link #TOLERATED_SHARE} of the half-size pixels differ by more than {@link #TOLERATED_DELTA}
 * in any channel. A reference changes only deliberately: run the IT with
 * {@code -Dreport.screenshots.update=true}, then look at the new image like a code change.
 */
final class Screenshots {

  static final double TOLERATED_SHARE = 0.01;
  static final int TOLERATED_DELTA = 40;

  private Screenshots() {
  }

  /** The image at half size, each pixel the mean of a 2 × 2 block. */
  static BufferedImage half(BufferedImage image) {
    BufferedImage out = new BufferedImage(image.getWidth() / 2, image.getHeight() / 2,
        BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < out.getHeight(); y++) {
      for (int x = 0; x < out.getWidth(); x++) {
        int r = 0;
        int g = 0;
        int b = 0;
        for (int dy = 0; dy < 2; dy++) {
          for (int dx = 0; dx < 2; dx++) {
            int p = image.getRGB(2 * x + dx, 2 * y + dy);
            r += p >> 16 & 0xff;
            g += p >> 8 & 0xff;
            b += p & 0xff;
          }
        }
        out.setRGB(x, y, (r / 4) << 16 | (g / 4) << 8 | b / 4);
      }
    }
    return out;
  }

  /**
   * Asserts {@code screenshot} matches the reference {@code name}; on a mismatch writes the
   * half-size screenshot and a difference image beside {@code screenshot} for a look.
   */
  static void assertMatchesReference(String name, Path screenshot) throws IOException {
    BufferedImage actual = half(ImageIO.read(screenshot.toFile()));
    if (Boolean.getBoolean("report.screenshots.update")) {
      Path source = Path.of(System.getProperty("basedir", "."),
          "src/test/resources/report/screenshots", name);
      Files.createDirectories(source.getParent());
      ImageIO.write(actual, "png", source.toFile());
      return;
    }
    Path reference = Fixtures.root().resolve("screenshots").resolve(name);
    assertThat(reference).as("reference screenshot %s (create it with"
        + " -Dreport.screenshots.update=true)", name).exists();
    BufferedImage expected;
    try (var in = Files.newInputStream(reference)) {
      expected = ImageIO.read(in);
    }
    assertThat(new int[] {actual.getWidth(), actual.getHeight()}).as("size of %s", name)
        .containsExactly(expected.getWidth(), expected.getHeight());
    BufferedImage diff = new BufferedImage(actual.getWidth(), actual.getHeight(),
        BufferedImage.TYPE_INT_RGB);
    long differing = 0;
    for (int y = 0; y < actual.getHeight(); y++) {
      for (int x = 0; x < actual.getWidth(); x++) {
        boolean differs = delta(actual.getRGB(x, y), expected.getRGB(x, y)) > TOLERATED_DELTA;
        differing += differs ? 1 : 0;
        diff.setRGB(x, y, differs ? 0xff0000 : (actual.getRGB(x, y) & 0xfefefe) >> 1 | 0x808080);
      }
    }
    double share = (double) differing / (actual.getWidth() * actual.getHeight());
    if (share > TOLERATED_SHARE) {
      String base = screenshot.getFileName().toString().replace(".png", "");
      ImageIO.write(actual, "png", screenshot.resolveSibling(base + "-half.png").toFile());
      ImageIO.write(diff, "png", screenshot.resolveSibling(base + "-diff.png").toFile());
    }
    assertThat(share).as("share of pixels of %s that differ from the reference %s (red in %s)",
        screenshot, reference, screenshot.resolveSibling(
            screenshot.getFileName().toString().replace(".png", "-diff.png")))
        .isLessThanOrEqualTo(TOLERATED_SHARE);
  }

  /** The largest difference of one channel. */
  static int delta(int a, int b) {
    return Math.max(Math.abs((a >> 16 & 0xff) - (b >> 16 & 0xff)), Math.max(
        Math.abs((a >> 8 & 0xff) - (b >> 8 & 0xff)), Math.abs((a & 0xff) - (b & 0xff))));
  }

  /** Pixels within {@code tolerance} of {@code rgb} in every channel. */
  static long pixelsNear(BufferedImage image, int rgb, int tolerance) {
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        n += delta(image.getRGB(x, y), rgb) <= tolerance ? 1 : 0;
      }
    }
    return n;
  }

  /**
   * Columns of {@code image} holding a vertical run of at least {@code run} pixels near
   * {@code rgb}: a bar is such a block, a line never more than its width and markers.
   */
  static int columnsWithRun(BufferedImage image, int rgb, int run) {
    int columns = 0;
    for (int x = 0; x < image.getWidth(); x++) {
      int current = 0;
      int longest = 0;
      for (int y = 0; y < image.getHeight(); y++) {
        current = delta(image.getRGB(x, y), rgb) <= 8 ? current + 1 : 0;
        longest = Math.max(longest, current);
      }
      columns += longest >= run ? 1 : 0;
    }
    return columns;
  }
}
