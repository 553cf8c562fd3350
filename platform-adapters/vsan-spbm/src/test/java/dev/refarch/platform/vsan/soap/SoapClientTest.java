package dev.refarch.platform.vsan.soap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.TlsTrust;
import dev.refarch.platform.vsan.pbm.PbmClient;
import dev.refarch.platform.vsan.testing.FakeVcenter;
import dev.refarch.platform.vsan.testing.Payloads;
import dev.refarch.platform.vsan.vim.VimClient;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SoapClientTest {

  private FakeVcenter vc;
  private SoapClient soap;

  @BeforeEach
  void start() {
    vc = FakeVcenter.start();
    soap = SoapClient.create(URI.create(vc.url()), TlsTrust.verified(), Duration.ofSeconds(5));
  }

  @AfterEach
  void stop() {
    vc.close();
  }

  private VimClient login() {
    return VimClient.login(soap, FakeVcenter.USER, FakeVcenter.PASSWORD, Duration.ofSeconds(5));
  }

  @Test
  void sendsSessionToPbmAsCookieAndVcSessionHeader() {
    try (VimClient vim = login()) {
      PbmClient.connect(vim).policies();
    }

    FakeVcenter.Call query = vc.calls().stream().filter(c -> c.method().equals("PbmQueryProfile"))
        .findFirst().orElseThrow();
    assertThat(query.cookie()).startsWith("\"fake-session-");
    assertThat(query.vcSessionCookie()).as("unquoted").isEqualTo(query.cookie().replace("\"", ""));
    assertThat(query.soapAction()).isEqualTo("urn:pbm/");
  }

  @Test
  void usesServerApiVersionAsSoapAction() {
    try (VimClient vim = login()) {
      vim.vms().names();
    }

    assertThat(vc.calls().get(0).soapAction()).isEqualTo("urn:vim25");
    assertThat(vc.calls().get(1).soapAction()).isEqualTo("urn:vim25/6.5");
  }

  @Test
  void logsOutOnClose() {
    login().close();

    assertThat(vc.count("Logout")).isEqualTo(1);
  }

  @Test
  void attachesToAnExistingSessionWithoutLoggingItOut() {
    VimClient owner = login();
    owner.vms().names();
    SoapClient other = SoapClient.create(URI.create(vc.url()), TlsTrust.verified(),
        Duration.ofSeconds(5));

    try (VimClient attached = VimClient.attach(other, firstSessionCookie(),
        Duration.ofSeconds(5))) {
      assertThat(attached.vms().names()).contains("DC0_C0_RP0_VM0");
    }

    assertThat(vc.count("Login")).isEqualTo(1);
    assertThat(vc.count("Logout")).isZero();
    owner.close();
  }

  private String firstSessionCookie() {
    return vc.calls().stream().map(FakeVcenter.Call::cookie).filter(c -> c != null)
        .findFirst().orElseThrow();
  }

  @Test
  void readsFaultTypeAndString() {
    assertThatThrownBy(() -> VimClient.login(soap, FakeVcenter.USER, "wrong",
        Duration.ofSeconds(5)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("InvalidLogin (Login failure)")
        .cause().isInstanceOf(SoapFault.class)
        .satisfies(e -> assertThat(((SoapFault) e).faultType()).isEqualTo("InvalidLogin"));
  }

  @Test
  void masksPasswordEchoedInFault() {
    vc.respond("Login", "vim/Login-InvalidLogin.xml",
        payload -> payload.replace("Login failure", "bad password " + FakeVcenter.PASSWORD));

    assertThatThrownBy(this::login)
        .hasMessageContaining("InvalidLogin (bad password ***)")
        .hasMessageNotContaining(FakeVcenter.PASSWORD);
  }

  @Test
  void callWithoutSessionIsRefused() {
    assertThatThrownBy(() -> soap.call(SoapClient.Endpoint.PBM,
        XmlBuilder.request("urn:pbm", "PbmQueryProfile")
            .ref("_this", new MoRef("PbmProfileProfileManager", "ProfileManager"))))
        .isInstanceOf(SoapFault.class)
        .satisfies(e -> assertThat(((SoapFault) e).faultType()).isEqualTo("NotAuthenticated"));
  }

  @Test
  void namesEndpointThatIsNotSoap() {
    SoapClient wrongPath = SoapClient.create(URI.create(vc.url().replace("/sdk", "/nothing")),
        TlsTrust.verified(), Duration.ofSeconds(5));

    assertThatThrownBy(() -> VimClient.login(wrongPath, "user", "pass-word", Duration.ofSeconds(5)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("HTTP 404 without a SOAP answer")
        .hasMessageContaining("/nothing");
  }

  @Test
  void unreachableServerSaysWhere() {
    SoapClient closed = SoapClient.create(URI.create("http://127.0.0.1:1/sdk"),
        TlsTrust.verified(), Duration.ofSeconds(2));

    assertThatThrownBy(() -> VimClient.login(closed, "user", "pass-word", Duration.ofSeconds(2)))
        .isInstanceOf(PlatformException.class)
        .hasMessageContaining("RetrieveServiceContent at http://127.0.0.1:1/sdk")
        .hasMessageContaining("cannot reach the server");
  }

  @Test
  void readsSessionCookieFromSetCookie() {
    assertThat(SoapClient.sessionValue("vmware_soap_session=\"52a\"; Path=/; HttpOnly"))
        .contains("\"52a\"");
    assertThat(SoapClient.sessionValue("other=1; Path=/")).isEmpty();
  }

  @Test
  void copiesDevicesWithUniformXsiType() {
    NodeList devices = Payloads.document("vim/RetrievePropertiesEx-vm-details.xml")
        .getElementsByTagNameNS("*", "VirtualDevice");
    Element disk = null;
    for (int i = 0; i < devices.getLength() && disk == null; i++) {
      Element e = (Element) devices.item(i);
      disk = "VirtualDisk".equals(Xml.xsiType(e)) ? e : null;
    }
    XmlBuilder change = XmlBuilder.request("urn:vim25", "deviceChange").copy("device", disk);

    String written = Xml.toString(change.build());
    assertThat(written).contains("<device xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        + " xsi:type=\"VirtualDisk\"><key>204</key>")
        .contains("<backing xsi:type=\"VirtualDiskFlatVer2BackingInfo\">")
        .doesNotContain("XMLSchema-instance:type");
  }
}
