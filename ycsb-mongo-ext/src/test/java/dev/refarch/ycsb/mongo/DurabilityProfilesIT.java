package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.KeyValues;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Each durability profile sends exactly its write concern with every write: asserted on the
 * commands the driver actually sent, seen through a {@link CommandListener}.
 */
@ExtendWith(LocalReplicaSet.class)
class DurabilityProfilesIT {

  private final RunningCluster cluster;
  /** A command as sent: its name and a copy of its document (the driver reuses the original). */
  private record Sent(String name, BsonDocument command) {
    String getCommandName() {
      return name;
    }

    BsonDocument getCommand() {
      return command;
    }
  }

  private final List<Sent> sent = new CopyOnWriteArrayList<>();

  DurabilityProfilesIT(RunningCluster cluster) {
    this.cluster = cluster;
    SharedClient.testCustomizer = builder -> builder.addCommandListener(new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        sent.add(new Sent(event.getCommandName(), event.getCommand().clone()));
      }
    });
  }

  private final InProcessClients clients = new InProcessClients();

  @AfterEach
  void detach() throws Exception {
    SharedClient.testCustomizer = b -> { };
    clients.close();
  }

  private MongoDbClient client(String database, String... kv) throws Exception {
    Map<String, String> settings = KeyValues.of(kv);
    settings.put("dotransactions", "false");
    return clients.open(LocalReplicaSet.url(cluster, database), settings);
  }

  private List<String> writeConcernsOf(String... commands) {
    List<String> names = List.of(commands);
    return sent.stream().filter(e -> names.contains(e.getCommandName()))
        .map(e -> e.getCommand().containsKey("writeConcern")
            ? e.getCommand().getDocument("writeConcern").toJson() : "(none)").toList();
  }

  @ParameterizedTest(name = "{0} sends {1}")
  @CsvSource(delimiter = ';', value = {
      "throughput; {\"w\": 0, \"j\": false}",
      "balanced; {\"w\": 1, \"j\": false}",
      "balanced-majority; {\"w\": \"majority\", \"j\": false}",
      "durable; {\"w\": 1, \"j\": true}",
      "durable-majority; {\"w\": \"majority\", \"j\": true}"})
  void profileSendsItsWriteConcernWithEveryWrite(String profile, String expected) throws Exception {
    String db = "profile_" + profile.replace('-', '_');
    MongoDbClient c = client(db, "mongodb.durability", profile);
    Map<String, ByteIterator> v = new HashMap<>(Map.of("f0", new StringByteIterator("x")));
    sent.clear();
    c.insert("usertable", "k1", v);
    c.update("usertable", "k1", new HashMap<>(Map.of("f0", new StringByteIterator("y"))));
    c.delete("usertable", "k1");
    clients.close(c);

    assertThat(writeConcernsOf("insert", "update", "delete")).containsExactly(expected, expected, expected);
  }

  @Test
  void batchedLoadSendsTheProfileWithEachInsertMany() throws Exception {
    MongoDbClient c = client("profile_batch", "mongodb.durability", "durable-majority",
        "mongodb.batchsize", "5");
    sent.clear();
    for (int i = 0; i < 12; i++) {
      c.insert("usertable", "user" + i, new HashMap<>(Map.of("f0", new StringByteIterator("x"))));
    }
    clients.close(c);
    List<Sent> inserts = sent.stream().filter(e -> e.getCommandName().equals("insert")).toList();
    assertThat(inserts).hasSize(3);
    assertThat(inserts).extracting(e -> e.getCommand().getArray("documents").size()).containsExactly(5, 5, 2);
    assertThat(inserts).extracting(e -> e.getCommand().getBoolean("ordered").getValue()).containsOnly(false);
    assertThat(writeConcernsOf("insert")).containsOnly("{\"w\": \"majority\", \"j\": true}");
  }

  @Test
  void explicitKeysOverrideTheProfileOnTheWire() throws Exception {
    MongoDbClient c = client("profile_override", "mongodb.durability", "balanced",
        "mongodb.writeConcern.j", "true", "mongodb.writeConcern.wtimeoutMS", "5000");
    sent.clear();
    assertThat(c.insert("usertable", "k", new HashMap<>(Map.of("f0", new StringByteIterator("x")))))
        .isEqualTo(Status.OK);
    clients.close(c);
    assertThat(writeConcernsOf("insert")).containsExactly("{\"w\": 1, \"wtimeout\": 5000, \"j\": true}");
  }

  /** Inserts and reads one record with {@code c}, closes it, and returns the find sent. */
  private BsonDocument findSentByARead(MongoDbClient c) throws Exception {
    c.insert("usertable", "k", new HashMap<>(Map.of("f0", new StringByteIterator("x"))));
    sent.clear();
    assertThat(c.read("usertable", "k", null, new HashMap<>())).isEqualTo(Status.OK);
    clients.close(c);
    return sent.stream().filter(e -> e.getCommandName().equals("find")).findFirst()
        .orElseThrow().getCommand();
  }

  @Test
  void readConcernAndPreferenceAreSentWithReads() throws Exception {
    BsonDocument find = findSentByARead(client("profile_reads", "mongodb.readConcern", "majority",
        "mongodb.readPreference", "primaryPreferred"));
    assertThat(find.getDocument("readConcern").toJson()).isEqualTo("{\"level\": \"majority\"}");
    assertThat(find.getDocument("$readPreference").getString("mode").getValue()).isEqualTo("primaryPreferred");
  }

  @ParameterizedTest(name = "stock mongodb.writeConcern={0} sends {1}")
  @CsvSource(delimiter = ';', value = {
      "errors_ignored; {\"w\": 0}",
      "unacknowledged; {\"w\": 0}",
      "acknowledged; {\"w\": 1}",
      "journaled; {\"j\": true}",
      "majority; {\"w\": \"majority\"}"})
  void stockWriteConcernNamesSendTheStockBindingsWriteConcern(String name, String expected)
      throws Exception {
    MongoDbClient c = client("stock_" + name, "mongodb.writeConcern", name);
    sent.clear();
    c.insert("usertable", "k1", new HashMap<>(Map.of("f0", new StringByteIterator("x"))));
    c.update("usertable", "k1", new HashMap<>(Map.of("f0", new StringByteIterator("y"))));
    clients.close(c);
    assertThat(writeConcernsOf("insert", "update")).containsExactly(expected, expected);
  }

  @Test
  void stockReadPreferenceUnderscoreFormIsSentAsTheDriversName() throws Exception {
    BsonDocument find = findSentByARead(client("stock_reads", "mongodb.readPreference",
        "primary_preferred"));
    assertThat(find.getDocument("$readPreference").getString("mode").getValue())
        .isEqualTo("primaryPreferred");
  }
}
