package dev.refarch.ycsb.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.ycsb.testing.LocalReplicaSet;
import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The README's JMH example runs: JMH drives the binding from four threads against a real
 * {@code mongod}, with no YCSB set-up. Correctness only — a score above zero and the records the
 * benchmark loaded — never a speed.
 */
@ExtendWith(LocalReplicaSet.class)
class EmbeddedJmhIT {

  @Test
  void readBenchmarkRunsUnderJmh(RunningCluster cluster) throws Exception {
    String url = LocalReplicaSet.url(cluster, "embedded_jmh");
    Collection<RunResult> results = new Runner(new OptionsBuilder()
        .include(ReadBenchmark.class.getName())
        .param("url", url)
        .forks(0)
        .threads(4)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(500))
        .shouldFailOnError(true)
        .build()).run();

    assertThat(results).hasSize(1);
    assertThat(results.iterator().next().getPrimaryResult().getScore()).isPositive();
    try (MongoClient verify = MongoClients.create(cluster.connectionString())) {
      assertThat(verify.getDatabase("embedded_jmh").getCollection("usertable").countDocuments())
          .isEqualTo(1_000);
      verify.getDatabase("embedded_jmh").drop();
    }
  }
}
