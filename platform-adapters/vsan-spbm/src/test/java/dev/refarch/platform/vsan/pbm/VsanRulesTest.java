package dev.refarch.platform.vsan.pbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class VsanRulesTest {

  @Test
  void raid5NeedsFttOne() {
    assertThatThrownBy(() -> VsanRules.none().withFailuresToTolerate(2)
        .withMethod(FailureTolerance.RAID5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("RAID5 cannot satisfy hostFailuresToTolerate=2");
  }

  @Test
  void rejectsStripeWidthAboveTwelve() {
    assertThatThrownBy(() -> VsanRules.none().withStripeWidth(13))
        .hasMessage("stripeWidth=13 is not allowed; allowed: 1 to 12");
  }

  @Test
  void erasureCodingIsOneRuleToldApartByFtt() {
    assertThat(VsanRules.none().withMethod(FailureTolerance.RAID6).capabilities())
        .containsExactly(Map.entry("hostFailuresToTolerate", 2),
            Map.entry("replicaPreference", "RAID-5/6 (Erasure Coding) - Capacity"));
    assertThat(VsanRules.fromCapabilities(Map.of("hostFailuresToTolerate", "1",
        "replicaPreference", "RAID-5/6 (Erasure Coding) - Capacity")).method())
        .isEqualTo(FailureTolerance.RAID5);
  }

  @Test
  void derivesStableNames() {
    assertThat(VsanRules.none().withFailuresToTolerate(1).withStripeWidth(6)
        .withMethod(FailureTolerance.RAID1).withChecksumDisabled(true).derivedName())
        .isEqualTo("refarch-ftt1-sw6-raid1-checksum-off");
  }
}
