package dev.refarch.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellRunnerTest {

  private static final String URL = "mongodb://127.0.0.1:27017/ycsb?replicaSet=rs0";

  private static CellRunner runner(RecordShape shape, String distribution) {
    return new CellRunner(URL, 2000, shape, distribution, 4, 1, 0);
  }

  @Test
  void loadAndRunCellsCarryTheShapeAndTheGivenDistribution() {
    CellRunner runner = runner(new RecordShape(10, 188), "uniform");
    for (Map<String, String> p : List.of(runner.loadProperties(1000, 500),
        runner.runProperties("c", 2))) {
      assertThat(p).containsEntry("fieldcount", "10").containsEntry("fieldlength", "188")
          .containsEntry("requestdistribution", "uniform");
    }
    assertThat(runner.loadProperties(1000, 500)).containsEntry("recordcount", "500");
    assertThat(runner.runProperties("c", 2)).containsEntry("recordcount", "2000")
        .containsEntry("threadcount", "2").doesNotContainKey("target");
    assertThat(new CellRunner(URL, 2000, RecordShape.YCSB_DEFAULT, null, 4, 1, 270)
        .runProperties("e", 4)).containsEntry("target", "270");
  }

  @Test
  void withoutAGivenDistributionYcsbSidesKeepTheWorkloadFilesOwn() {
    Map<String, String> p = runner(RecordShape.YCSB_DEFAULT, null).runProperties("d", 1);
    assertThat(p).containsEntry("requestdistribution", "latest")
        .containsEntry("fieldcount", "10").containsEntry("fieldlength", "100");
  }

  @Test
  void theRawLoopIsGivenTheShapeAndTheDistributionAlways() {
    assertThat(runner(new RecordShape(50, 250), "uniform").rawArgs("a", 4))
        .containsEntry("fieldcount", "50").containsEntry("fieldlength", "250")
        .containsEntry("requestdistribution", "uniform").containsEntry("threads", "4");
    assertThat(runner(new RecordShape(50, 250), null).rawArgs("a", 4))
        .containsEntry("requestdistribution", "zipfian");
  }

  @Test
  void everySideGetsTheSameShapeAndDistributionOnItsCommandLine() {
    CellRunner runner = runner(new RecordShape(10, 188), "uniform");
    List<BenchSide> sides = List.of(BenchSide.binding("cp"), BenchSide.bindingNoRetry("cp"),
        BenchSide.stockShaped("stock-shaped", "cp"),
        BenchSide.stockShapedRetry("stock-shaped-3.8.0-retry", "cp"),
        new BenchSide("stock-0.17.0", "site.ycsb.db.MongoDbClient", "stock/lib/*"));
    for (BenchSide side : sides) {
      List<String> command = side.runCommand(runner.runProperties("c", 2), runner.rawArgs("c", 2));
      assertThat(command).as(side.name()).contains("-p", "fieldcount=10", "fieldlength=188",
          "requestdistribution=uniform");
    }
    assertThat(BenchSide.raw("cp").runCommand(runner.runProperties("c", 2),
        runner.rawArgs("c", 2)))
        .contains("fieldcount=10", "fieldlength=188", "requestdistribution=uniform");
  }
}
