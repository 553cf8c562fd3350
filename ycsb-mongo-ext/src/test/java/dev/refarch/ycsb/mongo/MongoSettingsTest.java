package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.testing.KeyValues;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class MongoSettingsTest {

  private static MongoSettings parse(String... keyValues) {
    return MongoSettings.fromProperties(KeyValues.of(keyValues));
  }

  @Test
  void defaultsMatchTheStockBinding() {
    MongoSettings s = parse();
    assertThat(s.url().getConnectionString()).isEqualTo("mongodb://localhost:27017/ycsb?w=1");
    assertThat(s.database()).isEqualTo("ycsb");
    assertThat(s.writeConcern()).isEqualTo(WriteConcern.W1);
    assertThat(s.batchSize()).isEqualTo(1);
    assertThat(s.upsert()).isFalse();
    assertThat(s.durability()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void eachProfileSetsBothWAndJ(Durability profile) {
    WriteConcern wc = parse("mongodb.durability", profile.label()).writeConcern();
    assertThat(wc.getJournal()).isNotNull();
    assertThat(wc.getWObject()).isNotNull();
    assertThat(wc).isEqualTo(profile.writeConcern());
  }

  @Test
  void profilesAreTheSeedsLevels() {
    assertThat(parse("mongodb.durability", "throughput").writeConcern().asDocument().toJson())
        .isEqualTo("{\"w\": 0, \"j\": false}");
    assertThat(parse("mongodb.durability", "balanced").writeConcern().asDocument().toJson())
        .isEqualTo("{\"w\": 1, \"j\": false}");
    assertThat(parse("mongodb.durability", "balanced-majority").writeConcern().asDocument().toJson())
        .isEqualTo("{\"w\": \"majority\", \"j\": false}");
    assertThat(parse("mongodb.durability", "durable").writeConcern().asDocument().toJson())
        .isEqualTo("{\"w\": 1, \"j\": true}");
    assertThat(parse("mongodb.durability", "durable-majority").writeConcern().asDocument().toJson())
        .isEqualTo("{\"w\": \"majority\", \"j\": true}");
  }

  @Test
  void explicitWriteConcernKeysOverrideTheProfile() {
    WriteConcern wc = parse("mongodb.durability", "durable", "mongodb.writeConcern.w", "majority",
        "mongodb.writeConcern.wtimeoutMS", "2500").writeConcern();
    assertThat(wc.getWString()).isEqualTo("majority");
    assertThat(wc.getJournal()).isTrue();
    assertThat(wc.getWTimeout(TimeUnit.MILLISECONDS)).isEqualTo(2500);
    assertThat(parse("mongodb.durability", "durable", "mongodb.writeConcern.j", "false")
        .writeConcern().getJournal()).isFalse();
  }

  @Test
  void profileOverridesTheUrlWriteConcern() {
    assertThat(parse("mongodb.url", "mongodb://h/db?w=2", "mongodb.durability", "balanced")
        .writeConcern().getW()).isEqualTo(1);
    assertThat(parse("mongodb.url", "mongodb://h/db?w=2").writeConcern().getW()).isEqualTo(2);
  }

  @Test
  void timeoutsComeFromKeyThenUrlThenDefault() {
    MongoSettings.Timeouts defaults = parse().timeouts();
    assertThat(defaults).isEqualTo(new MongoSettings.Timeouts(10_000, 5_000, 30_000, true, true));
    MongoSettings.Timeouts fromUrl = parse("mongodb.url",
        "mongodb://h/db?serverSelectionTimeoutMS=777&socketTimeoutMS=0&retryWrites=false").timeouts();
    assertThat(fromUrl).isEqualTo(new MongoSettings.Timeouts(777, 5_000, 0, false, true));
    MongoSettings.Timeouts explicit = parse("mongodb.url", "mongodb://h/db?serverSelectionTimeoutMS=777",
        "mongodb.serverSelectionTimeoutMS", "1500", "mongodb.retryReads", "false").timeouts();
    assertThat(explicit).isEqualTo(new MongoSettings.Timeouts(1_500, 5_000, 30_000, true, false));
  }

  @Test
  void readsReadPreferenceAndReadConcern() {
    MongoSettings s = parse("mongodb.readPreference", "secondaryPreferred",
        "mongodb.readConcern", "majority");
    assertThat(s.readPreference()).contains(ReadPreference.secondaryPreferred());
    assertThat(s.readConcern()).contains(ReadConcernLevel.MAJORITY);
  }

  @Test
  void acceptsYcsbPlainBatchSizeAndPrefersOurs() {
    assertThat(parse("batchsize", "50").batchSize()).isEqualTo(50);
    assertThat(parse("batchsize", "50", "mongodb.batchsize", "100").batchSize()).isEqualTo(100);
  }

  @Test
  void databaseComesFromTheUrlPath() {
    assertThat(parse("mongodb.url", "mongodb://h:1/bench").database()).isEqualTo("bench");
    assertThat(parse("mongodb.url", "mongodb://h:1/").database()).isEqualTo("ycsb");
  }

  @Test
  void rejectsUnknownProfile() {
    assertThatThrownBy(() -> parse("mongodb.durability", "durabel"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("mongodb.durability='durabel' is not allowed; allowed: throughput, balanced,"
            + " balanced-majority, durable, durable-majority (did you mean 'durable'?)");
  }

  @Test
  void rejectsNonNumericW() {
    assertThatThrownBy(() -> parse("mongodb.writeConcern.w", "abc"))
        .hasMessage("mongodb.writeConcern.w='abc' is not allowed; allowed: an integer from 0 to 50,"
            + " or majority");
  }

  @Test
  void rejectsJournalOtherThanTrueOrFalse() {
    assertThatThrownBy(() -> parse("mongodb.writeConcern.j", "maybe"))
        .hasMessage("mongodb.writeConcern.j='maybe' is not allowed; allowed: true, false");
  }

  @Test
  void rejectsJournalWithUnacknowledgedWrites() {
    assertThatThrownBy(() -> parse("mongodb.durability", "throughput", "mongodb.writeConcern.j", "true"))
        .hasMessageContaining("mongodb.writeConcern.j='true'")
        .hasMessageContaining("false while w is 0");
  }

  @Test
  void rejectsWZeroUnderAJournaledProfile() {
    assertThatThrownBy(() -> parse("mongodb.durability", "durable", "mongodb.writeConcern.w", "0"))
        .hasMessageContaining("mongodb.writeConcern.w='0'")
        .hasMessageContaining("at least 1 while j is true");
  }

  @Test
  void rejectsMalformedUrlWithoutShowingCredentials() {
    assertThatThrownBy(() -> parse("mongodb.url", "mongo://admin:hunter2@db/ycsb"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("mongodb.url='mongo://***@db/ycsb' is not allowed; allowed: a MongoDB"
            + " connection string")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void rejectsBatchSizeOfZeroOrLess() {
    assertThatThrownBy(() -> parse("mongodb.batchsize", "0"))
        .hasMessage("mongodb.batchsize='0' is not allowed; allowed: an integer from 1 to 100000");
    assertThatThrownBy(() -> parse("batchsize", "-5"))
        .hasMessage("batchsize='-5' is not allowed; allowed: an integer from 1 to 100000");
  }

  @Test
  void rejectsUnknownMongodbKeySuggestingClosest() {
    assertThatThrownBy(() -> parse("mongodb.upsret", "true"))
        .hasMessageStartingWith("mongodb.upsret='true' is not allowed; allowed: a known key under"
            + " 'mongodb.': mongodb.url, ")
        .hasMessageEndingWith("(unknown key; did you mean 'mongodb.upsert'?)");
  }

  @Test
  void builderProducesTheSameRecordAsProperties() {
    MongoSettings built = MongoSettings.builder().url("mongodb://h:1/db").durability(Durability.DURABLE)
        .batchSize(100).upsert(true).build();
    assertThat(MongoSettings.fromProperties(built.toProperties())).isEqualTo(built);
    assertThat(built.writeConcern()).isEqualTo(WriteConcern.W1.withJournal(true));
  }

  @Test
  void builderValidatesLikeProperties() {
    assertThatThrownBy(() -> MongoSettings.builder().w("abc").build())
        .hasMessageContaining("mongodb.writeConcern.w='abc'");
  }

  @Test
  void maskedUrlHidesCredentials() {
    assertThat(parse("mongodb.url", "mongodb://user:pass@h:1/db").maskedUrl())
        .isEqualTo("mongodb://***@h:1/db");
  }

  @ParameterizedTest(name = "mongodb.writeConcern={0}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
      "errors_ignored; {\"w\": 0}", "unacknowledged; {\"w\": 0}", "acknowledged; {\"w\": 1}",
      "journaled; {\"j\": true}", "replica_acknowledged; {\"w\": 2}",
      "majority; {\"w\": \"majority\"}", "JOURNALED; {\"j\": true}"})
  void stockWriteConcernNamesKeepTheirStockMeaning(String name, String expected) {
    MongoSettings s = parse("mongodb.url", "mongodb://h/db", "mongodb.writeConcern", name);
    assertThat(s.writeConcern().asDocument().toJson()).isEqualTo(expected);
    assertThat(s.stock().compact()).startsWith("mongodb.writeConcern=" + name.toLowerCase());
  }

  @Test
  void theUrlsOwnWriteConcernWinsOverTheStockKeyAsInTheStockBinding() {
    MongoSettings s = parse("mongodb.writeConcern", "majority"); // default URL has w=1
    assertThat(s.writeConcern()).isEqualTo(WriteConcern.W1);
    assertThat(s.stock().notes()).singleElement().hasToString("mongodb.writeConcern=majority"
        + " -> nothing (the URL's w=1 wins, as in the stock binding)");
  }

  @Test
  void journaledKeepsTheUrlsW() {
    assertThat(parse("mongodb.writeConcern", "journaled").writeConcern())
        .isEqualTo(WriteConcern.W1.withJournal(true));
  }

  @Test
  void stockReadPreferenceNamesAreTheDriversAndNoted() {
    MongoSettings s = parse("mongodb.readPreference", "secondary_preferred");
    assertThat(s.readPreference()).contains(ReadPreference.secondaryPreferred());
    assertThat(s.stock().compact())
        .isEqualTo("mongodb.readPreference=secondary_preferred->readPreference:secondaryPreferred");
  }

  @Test
  void maxConnectionsSizesThePoolButNeverBelowTheThreads() {
    assertThat(ConnectionKey.of(parse("mongodb.maxconnections", "50", "threadcount", "8"))
        .poolSize()).isEqualTo(50);
    MongoSettings raised = parse("mongodb.maxconnections", "5", "threadcount", "8");
    assertThat(ConnectionKey.of(raised).poolSize()).isEqualTo(8);
    assertThat(raised.stock().notes().get(0).toString()).contains("raised to threadcount");
    assertThat(ConnectionKey.of(parse("mongodb.url", "mongodb://h/db?maxPoolSize=20",
        "mongodb.maxconnections", "50")).poolSize()).isEqualTo(20);
  }

  @Test
  void anAdminDatabaseMeansYcsbAsInTheStockBinding() {
    assertThat(parse("mongodb.url", "mongodb://u:p@h/admin").database()).isEqualTo("ycsb");
  }

  @Test
  void noStockKeysNoNotes() {
    assertThat(parse().stock().compact()).isEqualTo("none");
  }
}
