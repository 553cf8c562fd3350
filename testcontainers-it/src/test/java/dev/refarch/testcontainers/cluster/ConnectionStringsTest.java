package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionStringsTest {

  @Test
  void putsTheDatabaseBeforeTheOptions() {
    assertThat(ConnectionStrings.withDatabase("mongodb://h1:1,h2:2/?replicaSet=rs0", "orders"))
        .isEqualTo("mongodb://h1:1,h2:2/orders?replicaSet=rs0");
  }

  @Test
  void replacesADatabaseAndKeepsCredentials() {
    assertThat(ConnectionStrings.withDatabase("mongodb://user:pass@h:1/admin", "ycsb"))
        .isEqualTo("mongodb://user:pass@h:1/ycsb");
    assertThat(ConnectionStrings.withDatabase("mongodb://h:1", "ycsb"))
        .isEqualTo("mongodb://h:1/ycsb");
  }
}
