package dev.refarch.ycsb.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import dev.refarch.ycsb.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline written for the stock YCSB MongoDB binding runs unchanged: its {@code -P} file's
 * stock keys keep their stock meaning, named in the effective settings and in a one-time note;
 * and {@code mongodb.batchedInsertStatus=ok} makes a batched load count every document as OK.
 */
@ExtendWith(LocalReplicaSet.class)
class StockPropertiesIT {

  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private final RunningCluster cluster;

  StockPropertiesIT(RunningCluster cluster) {
    this.cluster = cluster;
  }

  private long count(String db) {
    try (MongoClient client = MongoClients.create(cluster.connectionString())) {
      return client.getDatabase(db).getCollection("usertable").countDocuments();
    }
  }

  @Test
  void aStockPropertyFileRunsUnchangedThroughYcsbsClient(@TempDir Path dir) throws Exception {
    Path stock = dir.resolve("stock.properties");
    Files.writeString(stock, String.join("\n",
        "workload=site.ycsb.workloads.CoreWorkload",
        "recordcount=300", "operationcount=300", "readproportion=0.5", "updateproportion=0.5",
        "mongodb.writeConcern=journaled",
        "mongodb.readPreference=primary_preferred",
        "mongodb.maxconnections=50",
        "batchsize=50", ""));
    List<String> common = List.of("-db", MongoDbClient.class.getName(), "-s", "-threads", "4",
        "-P", stock.toString(), "-p", "mongodb.url=" + LocalReplicaSet.url(cluster, "stock_file"));
    YcsbProcess.Result load = YcsbProcess.run("site.ycsb.Client",
        concat(List.of("-load"), common), TIMEOUT);
    assertThat(load.exitCode()).as(load.all()).isZero();
    assertThat(count("stock_file")).isEqualTo(300);
    assertThat(load.stderr())
        .contains("writeConcern={\"j\": true}")
        .contains("readPreference=primaryPreferred")
        .contains("maxPoolSize=50")
        .contains("stockKeys=mongodb.writeConcern=journaled->j:true,"
            + "mongodb.readPreference=primary_preferred->readPreference:primaryPreferred,"
            + "mongodb.maxconnections=50->maxPoolSize:50");
    assertThat(occurrences(load.stderr(), "note: the stock binding's keys, mapped: "))
        .as("one note for all four threads").isEqualTo(1);

    YcsbProcess.Result run = YcsbProcess.run("site.ycsb.Client", concat(List.of("-t"), common),
        TIMEOUT);
    assertThat(run.exitCode()).as(run.all()).isZero();
    assertThat(run.count("READ", "OK") + run.count("UPDATE", "OK")).isEqualTo(300);
  }

  @Test
  void batchedLoadCountsEveryDocumentAsOkWhenAsked() throws Exception {
    Map<String, String> p = Map.of("workload", "site.ycsb.workloads.CoreWorkload",
        "recordcount", "250", "threadcount", "2", "mongodb.batchsize", "40",
        "mongodb.batchedInsertStatus", "ok",
        "mongodb.url", LocalReplicaSet.url(cluster, "stock_batched_ok"));
    YcsbProcess.Result load = YcsbProcess.run("-load", p, TIMEOUT);
    assertThat(load.exitCode()).as(load.all()).isZero();
    assertThat(load.count("INSERT", "OK")).isEqualTo(250);
    assertThat(load.count("INSERT", "BATCHED_OK")).isZero();
    assertThat(load.stderr()).contains("batchedInsertStatus=ok");
    assertThat(count("stock_batched_ok")).isEqualTo(250);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
