package dev.refarch.platform.local.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class FreePortsTest {

  @Test
  void givesDistinctBindablePortsBelowTheEphemeralRange() throws IOException {
    List<Integer> ports = FreePorts.allocate(5);

    assertThat(ports).hasSize(5).doesNotHaveDuplicates()
        .allMatch(p -> p >= FreePorts.FIRST && p <= FreePorts.LAST);
    for (int port : ports) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        assertThat(s.getLocalPort()).isEqualTo(port);
      }
    }
  }
}
