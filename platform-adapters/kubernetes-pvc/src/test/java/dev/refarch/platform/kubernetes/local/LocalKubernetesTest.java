package dev.refarch.platform.kubernetes.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocalKubernetesTest {

  @Test
  void buildImagesExportsAreReadAsTheScriptPrintsThem() {
    // what src/bin/build-images prints on stdout for `mongod client` (progress goes to stderr)
    String out = """
        export REFARCH_MONGOD_IMAGE=docker.io/local/mongod:25cf8d0791c0
        export REFARCH_MONGOD_IMAGE_TAR=/root/.cache/ycsb-mongo-refarch/images/mongod-25cf8d0791c0.tar
        export REFARCH_CLIENT_IMAGE='docker.io/local/refarch-client:0a1b2c3d4e5f'
        export REFARCH_CLIENT_IMAGE_TAR=/tmp/images/refarch-client-0a1b2c3d4e5f.tar
        """;
    assertThat(LocalKubernetes.exports(out)).containsExactly(
        entry("REFARCH_MONGOD_IMAGE", "docker.io/local/mongod:25cf8d0791c0"),
        entry("REFARCH_MONGOD_IMAGE_TAR",
            "/root/.cache/ycsb-mongo-refarch/images/mongod-25cf8d0791c0.tar"),
        entry("REFARCH_CLIENT_IMAGE", "docker.io/local/refarch-client:0a1b2c3d4e5f"),
        entry("REFARCH_CLIENT_IMAGE_TAR", "/tmp/images/refarch-client-0a1b2c3d4e5f.tar"));
    assertThat(LocalKubernetes.exports("building…\n")).isEmpty();
  }

  private static java.util.Map.Entry<String, String> entry(String k, String v) {
    return java.util.Map.entry(k, v);
  }
}
