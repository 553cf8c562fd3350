package dev.refarch.platform.vsan.it;

import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.pbm.AssociatedPolicy;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.spi.TlsTrust;
import dev.refarch.platform.vsan.vim.VirtualDisk;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSocket;

/** Settings and direct server reads shared by the simulator ITs. */
final class ItSupport {

  static final Map<String, String> ENV = Map.of("VSAN_PASSWORD", "pass");

  private ItSupport() {
  }

  /** Connection settings for a simulator (any user; certificate trusted insecurely) and VMs. */
  static Map<String, String> settings(Simulators.Running sim, String vms) {
    Map<String, String> settings = new HashMap<>();
    settings.put("vsan.url", sim.sdk());
    settings.put("vsan.username", "user");
    settings.put("vsan.insecure", "true");
    settings.put("vsan.vms", vms);
    settings.put("vsan.timeoutSeconds", "30");
    return settings;
  }

  static VsanSession session(Simulators.Running sim) {
    return VsanSession.open(Connection.from(settings(sim, "*"), ENV));
  }

  /** The policy PBM reports for each disk of {@code vmName} but the first, in bus order. */
  static List<AssociatedPolicy> dataDiskPolicies(Simulators.Running sim, String vmName) {
    try (VsanSession session = session(sim)) {
      VmInfo vm = session.vim().vms().find(vmName::equals).get(0);
      List<VirtualDisk> data = vm.disks().subList(1, vm.disks().size());
      return data.stream()
          .map(d -> session.pbm().associated(new DiskEntity(vm.ref(), d.key()))).toList();
    }
  }

  /** Saves the certificate chain the server presents as PEM, trusting it on first use. */
  static Path serverCertificate(URI url, Path dir) throws IOException {
    try (SSLSocket socket = (SSLSocket) TlsTrust.insecure().getSocketFactory()
        .createSocket(url.getHost(), url.getPort())) {
      socket.startHandshake();
      StringBuilder pem = new StringBuilder();
      for (Certificate certificate : socket.getSession().getPeerCertificates()) {
        pem.append("-----BEGIN CERTIFICATE-----\n")
            .append(Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(certificate.getEncoded()))
            .append("\n-----END CERTIFICATE-----\n");
      }
      return Files.writeString(dir.resolve("vcsim.pem"), pem);
    } catch (java.security.cert.CertificateEncodingException e) {
      throw new IOException(e);
    }
  }
}
