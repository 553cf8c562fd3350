package dev.refarch.testcontainers.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.PlatformException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
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

  /** Rollback files are BSON documents one after another, as the driver's own encoder writes. */
  @Test
  void rollbackFilesAreReadAsTheDriverEncodedThemAndATruncatedOneIsNamed() throws Exception {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    for (String id : new String[] {"user1", "user2", "user3"}) {
      var encoded = RawBsonDocument.parse("{_id: '" + id + "', field0: 'x'}").getByteBuffer();
      byte[] one = new byte[encoded.remaining()];
      encoded.get(one);
      file.write(one);
    }
    byte[] bytes = file.toByteArray();

    assertThat(MongoNode.bsonDocuments("removed.bson", bytes))
        .extracting(d -> d.getString("_id").getValue())
        .containsExactly("user1", "user2", "user3");
    assertThat(MongoNode.bsonDocuments("empty.bson", new byte[0])).isEmpty();
    assertThatThrownBy(() -> MongoNode.bsonDocuments("cut.bson", Arrays.copyOf(bytes,
        bytes.length - 3))).isInstanceOf(PlatformException.class)
        .hasMessageContaining("read rollback file cut.bson")
        .hasMessageContaining("no BSON document at byte");
    assertThat(BsonDocument.parse("{_id: 'user1', field0: 'x'}"))
        .isEqualTo(MongoNode.bsonDocuments("removed.bson", bytes).get(0));
  }
}
