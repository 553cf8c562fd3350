package dev.refarch.experiments.report.format;

import java.util.Base64;
import java.util.Objects;

/**
 * One rendered chart: a PNG and the words around it. Immutable (the byte array is not copied;
 * nobody writes to it after rendering).
 *
 * @param id a stable id, unique within a page, e.g. {@code throughput}
 * @param title what it shows
 * @param caption how to read it
 * @param png the image
 */
public record ChartImage(String id, String title, String caption, byte[] png) {

  /** The prefix of every embedded image; golden-file tests mask what follows it. */
  public static final String DATA_URI_PREFIX = "data:image/png;base64,";

  public ChartImage {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(png, "png");
  }

  /** The PNG as a {@code data:} URI, so the page needs no other file. */
  public String dataUri() {
    return DATA_URI_PREFIX + Base64.getEncoder().encodeToString(png);
  }
}
