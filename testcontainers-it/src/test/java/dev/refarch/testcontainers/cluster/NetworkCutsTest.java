package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NetworkCutsTest {

  @Test
  void chainNamesFitIptablesAndKeepOnlyItsCharacters() {
    assertThat(NetworkCuts.chain("iso", "shard0-1")).isEqualTo("RF-iso-shard0-1");
    assertThat(NetworkCuts.chain("cli", "40123")).isEqualTo("RF-cli-40123");
    assertThat(NetworkCuts.chain("cut", "a.b/c")).isEqualTo("RF-cut-a_b_c");
    assertThat(NetworkCuts.chain("iso", "a-very-long-member-name-indeed")).hasSize(28)
        .startsWith("RF-iso-a-very-long");
  }
}
