package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ReadPreference;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.testing.KeyValues;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The {@code mongodb.scan.*} and sharding keys, parsed and checked against each other. */
class ScanSettingsTest {

  private static MongoSettings parse(String... keyValues) {
    return MongoSettings.fromProperties(KeyValues.of(keyValues));
  }

  @Test
  void defaultsAreYcsbsScanWithOneBatchPerScan() {
    ScanSettings scan = parse().scan();
    assertThat(scan).isEqualTo(ScanSettings.defaults());
    assertThat(scan.describe("primary"))
        .isEqualTo("mode:id,batchSize:scan-length,hint:none,projection:requested,readPreference:primary");
  }

  @Test
  void readsEveryScanKey() {
    ScanSettings scan = parse("mongodb.scan.mode", "index", "mongodb.scan.indexField", "ordinal",
        "mongodb.scan.batchSize", "0", "mongodb.scan.hint", "auto",
        "mongodb.scan.projection", "requested-without-id", "mongodb.scan.readPreference", "nearest")
        .scan();
    assertThat(scan).isEqualTo(new ScanSettings(ScanMode.INDEX, Optional.of(0),
        Optional.of(new ScanHint(true, null, null)), ScanProjection.REQUESTED_WITHOUT_ID,
        Optional.of(ReadPreference.nearest()), Optional.of("ordinal")));
  }

  @Test
  void hintIsAnIndexNameOrAKeyPattern() {
    assertThat(parse("mongodb.scan.hint", "_id_").scan().hint()).contains(new ScanHint(false, "_id_", null));
    assertThat(parse("mongodb.scan.hint", "{\"ordinal\": 1}").scan().hint())
        .contains(new ScanHint(false, null, BsonDocument.parse("{ordinal: 1}")));
  }

  @Test
  void rejectsAHintThatIsNotJson() {
    assertThatThrownBy(() -> parse("mongodb.scan.hint", "{_id: "))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("mongodb.scan.hint='{_id: ' is not allowed; allowed: auto, an index"
            + " name, or a key pattern as JSON");
  }

  @Test
  void indexScansNeedTheIndexField() {
    assertThatThrownBy(() -> parse("mongodb.scan.mode", "index"))
        .hasMessageStartingWith("mongodb.scan.indexField=(missing) is not allowed")
        .hasMessageContaining("set e.g. mongodb.scan.indexField=ordinal");
  }

  @Test
  void rangeScansNeedOrderedKeys() {
    assertThatThrownBy(() -> parse("mongodb.scan.mode", "range"))
        .hasMessageStartingWith("mongodb.scan.mode='range' is not allowed; allowed: id or index"
            + " while insertorder is hashed")
        .hasMessageContaining("set insertorder=ordered");
    assertThat(parse("mongodb.scan.mode", "range", "insertorder", "ordered").scan().mode())
        .isEqualTo(ScanMode.RANGE);
  }

  @Test
  void indexFieldMustNotBeAYcsbField() {
    assertThatThrownBy(() -> parse("mongodb.scan.indexField", "field3"))
        .hasMessageStartingWith("mongodb.scan.indexField='field3' is not allowed; allowed: a name"
            + " that is not a YCSB field");
    assertThatThrownBy(() -> parse("mongodb.scan.indexField", "_id"))
        .hasMessageContaining("not _id");
  }

  @Test
  void misspeltScanKeyNamesTheClosest() {
    assertThatThrownBy(() -> parse("mongodb.scan.batchsize", "10"))
        .hasMessageEndingWith("(unknown key; did you mean 'mongodb.scan.batchSize'?)");
  }

  @Test
  void readsShardingKeys() {
    ShardingSettings sharding = parse("mongodb.shardKey", "range", "mongodb.shard.chunks", "8",
        "mongodb.shard.balancer", "off").sharding();
    assertThat(sharding).isEqualTo(new ShardingSettings(ShardKey.RANGE, Optional.of(8),
        Optional.of(BalancerMode.OFF)));
    assertThat(sharding.isActive()).isTrue();
    assertThat(parse().sharding().isActive()).isFalse();
  }

  @Test
  void chunksNeedAShardKey() {
    assertThatThrownBy(() -> parse("mongodb.shard.chunks", "8"))
        .hasMessage("mongodb.shard.chunks='8' is not allowed; allowed: unset while"
            + " mongodb.shardKey is none (set mongodb.shardKey=hashed or range)");
  }

  @Test
  void rejectsUnknownShardKeySuggestingClosest() {
    assertThatThrownBy(() -> parse("mongodb.shardKey", "hash"))
        .hasMessage("mongodb.shardKey='hash' is not allowed; allowed: hashed, range, none (did you"
            + " mean 'hashed'?)");
  }

  @Test
  void builderWritesTheScanKeys() {
    MongoSettings built = MongoSettings.builder().set("insertorder", "ordered")
        .scanMode(ScanMode.RANGE).scanBatchSize(50).scanHint("auto")
        .scanProjection(ScanProjection.ID_ONLY).scanReadPreference("nearest").build();
    assertThat(MongoSettings.fromProperties(built.toProperties())).isEqualTo(built);
    assertThat(built.scan().batchSize()).contains(50);
  }

  @Test
  void refarchKeysNeedRefarchWorkload() {
    assertThatThrownBy(() -> parse("workload", "site.ycsb.workloads.CoreWorkload",
        "refarch.data.preset", "netapp-2kb"))
        .hasMessage("workload='site.ycsb.workloads.CoreWorkload' is not allowed; allowed:"
            + " dev.refarch.ycsb.workloads.RefarchWorkload or a subclass, while refarch.data.preset"
            + " is set (other workloads ignore refarch.* keys)");
    assertThat(parse("workload", "dev.refarch.ycsb.workloads.RefarchWorkload",
        "refarch.data.preset", "netapp-2kb").database()).isEqualTo("ycsb");
  }
}
