package dev.refarch.platform.santricity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.config.SantricityKeys;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.santricity.config.Tr4501;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README documents exactly what the code declares and the presets contain. */
class ReadmeTest {

  private static final Path README = Path.of("README.md");
  private static final Pattern PRESET = Pattern.compile(
      "<!-- preset: (\\w+) -->\\s*```properties\\n(.*?)```", Pattern.DOTALL);

  @Test
  void holdsTheGeneratedPropertyTable() throws Exception {
    assertThat(Files.readString(README)).contains(SantricityKeys.GROUP.markdownTable());
  }

  @Test
  void documentsEveryStudyConfigurationExactlyAsThePresets() throws Exception {
    Map<String, Map<String, String>> blocks = presetBlocks();
    assertThat(blocks).containsOnlyKeys("c1AllSsd", "c2AllSsd", "c2HddWithSsdCache",
        "c2HddOnly", "c3ActiveDataset", "c4DriveFailureSsd", "c4DriveFailureHdd");
    for (var block : blocks.entrySet()) {
      @SuppressWarnings("unchecked")
      Map<String, String> preset = (Map<String, String>) Tr4501.class
          .getMethod(block.getKey()).invoke(null);
      assertThat(block.getValue()).as(block.getKey()).isEqualTo(preset);
      Map<String, String> withUrl = new HashMap<>(block.getValue());
      withUrl.put("santricity.url", "https://10.0.0.20:8443");
      SantricitySettings.from(withUrl);
    }
  }

  private static Map<String, Map<String, String>> presetBlocks() throws Exception {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    Matcher m = PRESET.matcher(Files.readString(README));
    while (m.find()) {
      Properties p = new Properties();
      p.load(new StringReader(m.group(2)));
      Map<String, String> map = new HashMap<>();
      p.forEach((k, v) -> map.put(k.toString(), v.toString()));
      out.put(m.group(1), map);
    }
    return out;
  }
}
