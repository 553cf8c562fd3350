package dev.refarch.experiments.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages of {@code src/docs}: the README's Java example is the class the build
 * runs, and every relative link of every page reaches a file that exists and, with an anchor, a
 * heading in it (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
 */
class DocsTest {

  private static final Path ROOT = Path.of("..");
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");

  @Test
  void readmeShowsTheExperimentInJavaAsTheBuildRunsIt() throws IOException {
    String source = Files.readString(Path.of("src", "test", "java", "dev", "refarch",
        "experiments", "example", "DurabilityInJavaIT.java"));
    String shown = source.substring(source.indexOf("import "));
    assertThat(Files.readString(ROOT.resolve("README.md")))
        .as("README.md must show this class verbatim:%n%s", shown).contains(shown);
  }

  @Test
  void everyRelativeLinkReachesAFileAndAHeading() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("src/docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    assertThat(pages).hasSizeGreaterThanOrEqualTo(8);
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      Matcher m = LINK.matcher(Files.readString(page));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^(https?|mailto):.*")) {
          continue;
        }
        int hash = target.indexOf('#');
        Path file = hash == 0 ? page : page.getParent().resolve(hash < 0 ? target
            : target.substring(0, hash)).normalize();
        if (!Files.exists(file)) {
          broken.add(page + ": " + target + " (no such file)");
        } else if (hash >= 0 && !anchors(file).contains(target.substring(hash + 1))) {
          broken.add(page + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("links that lead nowhere").isEmpty();
  }

  private static Set<String> anchors(Path file) throws IOException {
    Set<String> anchors = new HashSet<>();
    if (!file.toString().endsWith(".md")) {
      return anchors;
    }
    Matcher m = HEADING.matcher(Files.readString(file));
    while (m.find()) {
      anchors.add(m.group(1).strip().toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
    }
    return anchors;
  }
}
