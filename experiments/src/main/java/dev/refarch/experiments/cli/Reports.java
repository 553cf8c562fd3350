package dev.refarch.experiments.cli;

import dev.refarch.experiments.report.Comparison;
import dev.refarch.experiments.plan.PlanJson;
import dev.refarch.experiments.report.ExperimentReport;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where the CLI turns results folders into reports. */
final class Reports {

  private Reports() {
  }

  /**
   * Checks that {@code dir} is an experiment's results folder (it holds {@code plan.json}).
   *
   * @throws ConfigurationException naming the argument and the folder
   */
  static void requireExperimentFolder(String argument, Path dir) {
    String why = !Files.exists(dir) ? "it does not exist"
        : !Files.isDirectory(dir) ? "it is not a folder"
        : !Files.isRegularFile(dir.resolve(PlanJson.FILE)) ? "it holds no " + PlanJson.FILE
        : null;
    if (why != null) {
      throw new ConfigurationException(argument, dir.toString(), "an experiment's results"
          + " folder, results/<experiment>, holding " + PlanJson.FILE, why);
    }
  }

  /** Writes an experiment's report and returns the HTML page. */
  static Path write(Path experimentDir) {
    return ExperimentReport.write(experimentDir).html();
  }

  /** Writes a comparison of two experiments and returns the HTML page. */
  static Path compare(Path a, Path b, Path out) {
    return Comparison.write(a, b, out).html();
  }

  /** Writes {@code index.html} in {@code root} linking the given reports; returns it. */
  static Path index(Path root, List<Path> reports) {
    StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>refarch reports</title></head><body><h1>Reports</h1><ul>\n");
    for (Path r : reports) {
      String rel = root.toAbsolutePath().relativize(r.toAbsolutePath()).toString().replace('\\', '/');
      html.append("<li><a href=\"").append(escape(rel)).append("\">")
          .append(escape(r.getParent().getFileName().toString())).append("</a></li>\n");
    }
    html.append("</ul></body></html>\n");
    Path index = root.resolve("index.html");
    try {
      Files.writeString(index, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return index;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
