package dev.refarch.platform.vsan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.vsan.pbm.FailureTolerance;
import dev.refarch.platform.vsan.pbm.VsanRules;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VsanConfigTest {

  private static Map<String, String> settings(String... pairs) {
    Map<String, String> out = new HashMap<>();
    out.put("vsan.vms", "mongod-*");
    for (int i = 0; i < pairs.length; i += 2) {
      out.put(pairs[i], pairs[i + 1]);
    }
    return out;
  }

  @Test
  void rejectsUnknownKeyWithClosestMatch() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.stripewidth", "4")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.policy.stripewidth='4'")
        .hasMessageContaining("did you mean 'vsan.policy.stripeWidth'?");
  }

  @Test
  void rejectsUnknownRuleListingKnownOnes() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.compression", "true")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.policy.compression")
        .hasMessageContaining("vsan.policy.checksum");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "13", "four"})
  void rejectsStripeWidthOutsideOneToTwelve(String width) {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.stripeWidth", width)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("vsan.policy.stripeWidth='" + width
            + "' is not allowed; allowed: an integer from 1 to 12");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "4"})
  void rejectsFailuresToTolerateOutsideZeroToThree(String ftt) {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.ftt", ftt)))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.policy.ftt='" + ftt + "'")
        .hasMessageContaining("an integer from 0 to 3");
  }

  @Test
  void rejectsRaid5WithFttItCannotSatisfy() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.raid", "raid5",
        "vsan.policy.ftt", "2")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.policy.raid='raid5'")
        .hasMessageContaining("raid5 cannot satisfy vsan.policy.ftt=2; set vsan.policy.ftt=1");
  }

  @Test
  void rejectsRaid6WithFttOne() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.raid", "raid6",
        "vsan.policy.ftt", "1")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("set vsan.policy.ftt=2");
  }

  @Test
  void suggestsRaidChoice() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.policy.raid", "raid-5")))
        .hasMessageContaining("allowed: raid1, raid5, raid6")
        .hasMessageContaining("did you mean 'raid5'?");
  }

  @Test
  void erasureCodingWithoutFttTakesTheOnlyFttItCanSatisfy() {
    VsanRules rules = VsanConfig.parse(settings("vsan.policy.raid", "raid6")).policy()
        .orElseThrow().rules();

    assertThat(rules.method()).isEqualTo(FailureTolerance.RAID6);
    assertThat(rules.failuresToTolerate()).isEqualTo(2);
  }

  @Test
  void mapsSettingsToRules() {
    PolicyRequest request = VsanConfig.parse(settings("vsan.policy.ftt", "1",
        "vsan.policy.stripeWidth", "12", "vsan.policy.checksum", "false",
        "vsan.policy.proportionalCapacity", "100", "vsan.policy.iopsLimit", "5000")).policy()
        .orElseThrow();

    assertThat(request.rules().capabilities()).containsExactly(
        Map.entry("hostFailuresToTolerate", 1), Map.entry("stripeWidth", 12),
        Map.entry("checksumDisabled", true), Map.entry("proportionalCapacity", 100),
        Map.entry("iopsLimit", 5000));
    assertThat(request.effectiveName()).isEqualTo("refarch-ftt1-sw12-checksum-off-osr100-iops5000");
  }

  @Test
  void noRuleAndNoNameMeansNoPolicy() {
    assertThat(VsanConfig.parse(settings()).policy()).isEmpty();
  }

  @Test
  void missingVmsNamesTheKey() {
    assertThatThrownBy(() -> VsanConfig.parse(Map.of()).requireVms())
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.vms=(missing)");
  }

  @Test
  void rejectsMemoryThatIsNotAMultipleOfFour() {
    assertThatThrownBy(() -> VsanConfig.parse(settings("vsan.vm.memoryMB", "1022")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("vsan.vm.memoryMB='1022'")
        .hasMessageContaining("a multiple of 4 MiB");
  }

  @Test
  void parsesRestoreModes() {
    assertThat(VsanConfig.parse(settings("vsan.restore", "after-run")).restore())
        .isEqualTo(RestoreMode.AFTER_RUN);
    assertThat(VsanConfig.parse(settings()).restore()).isEqualTo(RestoreMode.TRUE);
  }
}
