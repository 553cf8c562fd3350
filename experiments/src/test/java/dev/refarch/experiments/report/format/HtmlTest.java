package dev.refarch.experiments.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

  @Test
  void escapesMarkupCharacters() {
    assertThat(Html.escape("<b a=\"x\">&'</b>"))
        .isEqualTo("&lt;b a=&quot;x&quot;&gt;&amp;&#39;&lt;/b&gt;");
  }

  @Test
  void aUrlInTextNeverReadsAsOneInTheMarkup() {
    assertThat(Html.escape("cannot reach https://santricity:8443/devmgr"))
        .isEqualTo("cannot reach https&#58;//santricity:8443/devmgr")
        .doesNotContain("https://");
  }

  @Test
  void idsAreLowerCaseWithDashes() {
    assertThat(Html.id("t001-workload=a threadcount=4 R1")).isEqualTo("t001-workload-a-threadcount-4-r1");
  }
}
