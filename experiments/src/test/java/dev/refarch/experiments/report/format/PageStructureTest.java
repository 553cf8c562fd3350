package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.report.Fixtures;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.swing.text.MutableAttributeSet;
import javax.swing.text.html.HTML;
import javax.swing.text.html.HTMLEditorKit;
import javax.swing.text.html.parser.ParserDelegator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every page a report writes, parsed as HTML (the JDK's parser; Chromium parses them in {@code
 * ReportInBrowserIT}): no two elements share an id, every in-page link has its target, and no
 * figure is printed with padding zeros ({@code 2128.000 ms}).
 */
class PageStructureTest {

  static Stream<String> pages() {
    return Stream.of(Fixtures.A1, Fixtures.A12, Fixtures.B2, Fixtures.SLO, "comparison", "index");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void elementIdsAreUniqueAndEveryInPageLinkHasItsTarget(String page, @TempDir Path dir) {
    Parsed p = parse(Golden.read(write(page, dir)));
    assertThat(p.ids).as("element ids").isNotEmpty().doesNotHaveDuplicates();
    assertThat(p.ids).as("targets of in-page links").containsAll(p.anchors);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void figuresCarryNoPaddingZeros(String page, @TempDir Path dir) {
    String text = Golden.structure(Golden.read(write(page, dir)));
    Matcher m = Pattern.compile("\\d\\.\\d*000\\b").matcher(text.replaceAll("<script>(?s).*?"
        + "</script>|<style>(?s).*?</style>", ""));
    List<String> padded = new ArrayList<>();
    while (m.find()) {
      padded.add(text.substring(Math.max(0, m.start() - 40), Math.min(text.length(), m.end() + 10)));
    }
    assertThat(padded).isEmpty();
  }

  /** Writes {@code page} from fresh fixture copies under {@code dir}; returns its HTML file. */
  static Path write(String page, Path dir) {
    return switch (page) {
      case "comparison" -> ComparisonReport.write(Fixtures.copy(Fixtures.A1, dir),
          Fixtures.copy(Fixtures.A1_DURABLE, dir), dir.resolve("compare")).html();
      case "index" -> {
        Fixtures.copy(Fixtures.A1, dir);
        Fixtures.copy(Fixtures.A12, dir);
        Fixtures.copy(Fixtures.B2, dir);
        ResultsIndex.reportAll(dir.resolve("results"));
        yield dir.resolve("results").resolve(ResultsIndex.FILE);
      }
      default -> ExperimentReport.write(Fixtures.copy(page, dir)).html();
    };
  }

  private record Parsed(List<String> ids, List<String> anchors) {
  }

  private static Parsed parse(String html) {
    List<String> ids = new ArrayList<>();
    List<String> anchors = new ArrayList<>();
    HTMLEditorKit.ParserCallback collect = new HTMLEditorKit.ParserCallback() {
      @Override
      public void handleStartTag(HTML.Tag tag, MutableAttributeSet a, int pos) {
        record(tag, a);
      }

      @Override
      public void handleSimpleTag(HTML.Tag tag, MutableAttributeSet a, int pos) {
        if (!a.isDefined(HTMLEditorKit.ParserCallback.IMPLIED)) {
          record(tag, a);
        }
      }

      private void record(HTML.Tag tag, MutableAttributeSet a) {
        Object id = a.getAttribute(HTML.Attribute.ID);
        if (id != null) {
          ids.add(id.toString());
        }
        Object href = a.getAttribute(HTML.Attribute.HREF);
        if (tag == HTML.Tag.A && href != null && href.toString().startsWith("#")) {
          anchors.add(href.toString().substring(1));
        }
      }
    };
    try {
      new ParserDelegator().parse(new StringReader(html), collect, true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Parsed(ids, anchors);
  }
}
