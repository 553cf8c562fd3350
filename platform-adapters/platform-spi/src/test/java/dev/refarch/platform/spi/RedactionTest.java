package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedactionTest {

  @Test
  void masksUserInfoOfConnectionStrings() {
    assertThat(Redaction.maskUri("connecting to mongodb://app:s3cret@db1:27017,db2/ycsb?w=1"))
        .isEqualTo("connecting to mongodb://***@db1:27017,db2/ycsb?w=1");
    assertThat(Redaction.maskUri("mongodb+srv://onlyuser@cluster0.example/ycsb"))
        .isEqualTo("mongodb+srv://***@cluster0.example/ycsb");
  }

  @Test
  void masksSecretOptions() {
    assertThat(Redaction.maskUri("mongodb://h/?tlsCertificateKeyFilePassword=abc&w=1"))
        .isEqualTo("mongodb://h/?tlsCertificateKeyFilePassword=***&w=1");
  }

  @Test
  void leavesPlainTextAlone() {
    assertThat(Redaction.maskUri("mongodb://localhost:27017/ycsb")).isEqualTo("mongodb://localhost:27017/ycsb");
    assertThat(Redaction.maskUri(null)).isNull();
  }
}
