package dev.refarch.platform.vsan.pbm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import dev.refarch.platform.vsan.testing.Payloads;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class PolicyXmlTest {

  private static final VsanRules A7 = VsanRules.none().withFailuresToTolerate(1)
      .withChecksumDisabled(true).withStripeWidth(4);

  @Test
  void readsCapturedDefaultPolicy() {
    Element response = Payloads.bodyContent(Payloads.document("pbm/PbmRetrieveContent.xml"));
    StoragePolicy policy = PolicyXml.readProfile(Xml.children(response, "returnval").get(0));

    assertThat(policy.id()).isEqualTo("aa6d5a82-1c88-45da-85d3-3d74b91a5bad");
    assertThat(policy.name()).isEqualTo("vSAN Default Storage Policy");
    assertThat(policy.rules()).isEqualTo(VsanRules.none().withFailuresToTolerate(1)
        .withStripeWidth(1).withProportionalCapacity(0).withCacheReservation(0));
    assertThat(policy.otherRules()).containsExactly("VSAN.forceProvisioning");
    assertThat(policy.hasExactly(policy.rules())).as("foreign rules make it unequal").isFalse();
  }

  @Test
  void writesConstraintsAsGoldenFile() throws IOException {
    XmlBuilder spec = XmlBuilder.request("urn:pbm", "createSpec");
    PolicyXml.writeConstraints(spec, A7.withMethod(FailureTolerance.RAID5));

    assertThat(Xml.toString(spec.build())).isEqualTo(golden("constraints-a7-raid5.xml"));
  }

  @Test
  void readsBackWhatItWrites() {
    for (VsanRules rules : List.of(A7, VsanRules.none().withMethod(FailureTolerance.RAID6),
        VsanRules.none().withFailuresToTolerate(0).withIopsLimit(2000)
            .withCacheReservation(10_000).withProportionalCapacity(50)
            .withChecksumDisabled(false))) {
      XmlBuilder profile = XmlBuilder.request("urn:pbm", "returnval")
          .element("profileId", p -> p.text("uniqueId", "id-1")).text("name", "n")
          .text("description", "d");
      PolicyXml.writeConstraints(profile, rules);

      StoragePolicy read = PolicyXml.readProfile(profile.build());

      assertThat(read.rules()).isEqualTo(rules);
      assertThat(read.hasExactly(rules)).isTrue();
    }
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = PolicyXmlTest.class.getResourceAsStream("/golden/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
  }
}
