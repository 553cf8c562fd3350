package dev.refarch.platform.vsan.pbm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.spi.TlsTrust;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import dev.refarch.platform.vsan.vim.VimClient;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PbmClientTest {

  private FakeVcenter vc;
  private VimClient vim;
  private PbmClient pbm;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
    vim = VimClient.login(SoapClient.create(URI.create(vc.url()), TlsTrust.verified(),
        Duration.ofSeconds(5)), FakeVcenter.USER, FakeVcenter.PASSWORD, Duration.ofSeconds(5));
    pbm = PbmClient.connect(vim);
  }

  @AfterEach
  void stop() {
    vim.close();
    vc.close();
  }

  @Test
  void listsCapturedDefaultPolicies() {
    assertThat(pbm.policies()).extracting(StoragePolicy::name)
        .contains("vSAN Default Storage Policy");
    assertThat(pbm.version()).isEqualTo("2.0");
  }

  @Test
  void createsReadsUpdatesAndDeletesAPolicy() {
    VsanRules rules = VsanRules.none().withFailuresToTolerate(1).withStripeWidth(4);
    String id = pbm.create("it-policy", "test", rules);
    assertThat(pbm.named("it-policy").orElseThrow().hasExactly(rules)).isTrue();

    pbm.update(id, "test", rules.withStripeWidth(8));
    assertThat(pbm.named("it-policy").orElseThrow().rules().stripeWidth()).isEqualTo(8);

    pbm.delete(id);
    assertThat(pbm.named("it-policy")).isEmpty();
  }

  @Test
  void reportsAssociationAndCompliancePerDisk() {
    DiskEntity disk = new DiskEntity(new MoRef("VirtualMachine", "vm-78"), 205);
    assertThat(pbm.associated(disk)).isEqualTo(AssociatedPolicy.none());

    vc.pbm().associate("vm-78:205", "aa6d5a82-1c88-45da-85d3-3d74b91a5bad");

    assertThat(pbm.associated(disk))
        .isEqualTo(AssociatedPolicy.of("aa6d5a82-1c88-45da-85d3-3d74b91a5bad"));
    assertThat(pbm.compliance(List.of(disk))).containsEntry(disk,
        new Compliance("compliant", "success"));
    assertThat(vc.calls().stream().filter(c -> c.method().equals("PbmCheckCompliance"))
        .findFirst().orElseThrow().body())
        .contains("<objectType>virtualDiskId</objectType><key>vm-78:205</key>"
            + "<serverUuid>7cd0f32d-e10e-57a2-b8df-252773ea266b</serverUuid>");
  }
}
