package dev.refarch.experiments.report.format;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A minimal HTML writer: escaped text, elements with a class, sections, tables, figures. Output
 * is plain, one element per line where it helps diffs of golden files. Every element id goes
 * through {@link #uniqueId}, so a page never has two elements with the same id (a link to
 * either would land on the first).
 *
 * <p>Not thread-safe; one instance per page.
 */
final class Html {

  private final StringBuilder out = new StringBuilder();
  /** Ids in use; {@link Page#open} writes {@code report-errors}. */
  private final Set<String> ids = new HashSet<>(Set.of(Page.ERRORS_ID));

  /**
   * Text with {@code & < > " '} escaped, safe in element content and in quoted attributes; the
   * colon of {@code ://} is written as a character reference, so the markup holds no URL.
   */
  static String escape(String text) {
    StringBuilder b = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    // text is never a link; keep even a URL inside a failure message from reading as one
    return b.toString().replace("://", "&#58;//");
  }

  /** A string usable as an element id: lower case, runs of other characters as one dash. */
  static String id(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }

  /**
   * Claims {@code id} for one element of this page, or {@code id-2}, {@code id-3}, … when it is
   * taken (two trial ids that differ only in case or punctuation make the same chart id).
   */
  String uniqueId(String id) {
    String unique = id;
    for (int n = 2; !ids.add(unique); n++) {
      unique = id + "-" + n;
    }
    return unique;
  }

  /** Opens {@code <section id="id">} with its {@code h2} heading. */
  Html section(String id, String heading) {
    out.append("<section id=\"").append(escape(uniqueId(id))).append("\">\n");
    return element("h2", "", heading);
  }

  Html endSection() {
    out.append("</section>\n");
    return this;
  }

  /** Appends markup as is. */
  Html raw(String markup) {
    out.append(markup);
    return this;
  }

  /** Appends {@code <tag class="cls">escaped text</tag>} and a newline. */
  Html element(String tag, String cls, String text) {
    out.append('<').append(tag);
    if (!cls.isEmpty()) {
      out.append(" class=\"").append(cls).append('"');
    }
    out.append('>').append(escape(text)).append("</").append(tag).append(">\n");
    return this;
  }

  /** Opens a table with a header row. */
  Html table(String cls, String... headers) {
    out.append("<table class=\"").append(cls).append("\">\n<thead><tr>");
    for (String h : headers) {
      out.append("<th>").append(escape(h)).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    return this;
  }

  /** One row of escaped cells; a row class marks e.g. failed trials or the SLO's best point. */
  Html row(String cls, String... cells) {
    out.append(cls.isEmpty() ? "<tr>" : "<tr class=\"" + cls + "\">");
    for (String c : cells) {
      out.append("<td>").append(escape(c)).append("</td>");
    }
    out.append("</tr>\n");
    return this;
  }

  /** One row of cells given as markup, e.g. a link; the caller escapes their text. */
  Html rowMarkup(String cls, String... cells) {
    out.append(cls.isEmpty() ? "<tr>" : "<tr class=\"" + cls + "\">");
    for (String c : cells) {
      out.append("<td>").append(c).append("</td>");
    }
    out.append("</tr>\n");
    return this;
  }

  Html endTable() {
    out.append("</tbody>\n</table>\n");
    return this;
  }

  /**
   * A chart as a figure with its title and caption; the image is a {@code data:} URI. Its id is
   * the chart's with {@code fig-} before it, apart from the sections' ids.
   */
  Html figure(ChartImage chart) {
    out.append("<figure class=\"chart\" id=\"").append(escape(uniqueId("fig-" + chart.id())))
        .append("\">\n")
        .append("<img alt=\"").append(escape(chart.title())).append("\" width=\"")
        .append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT).append("\" src=\"")
        .append(chart.dataUri()).append("\">\n")
        .append("<figcaption>").append(escape(chart.caption())).append("</figcaption>\n")
        .append("</figure>\n");
    return this;
  }

  @Override
  public String toString() {
    return out.toString();
  }
}
