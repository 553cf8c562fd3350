package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import site.ycsb.NumericByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/** The workload's choices, against a recording binding (no database needed). */
class RefarchWorkloadTest {

  private static Properties properties(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("operationcount", "1000");
    p.setProperty("insertorder", "ordered");
    p.setProperty("zeropadding", "6");
    p.setProperty("refarch.seed", "17");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    Measurements.setProperties(p);
    return p;
  }

  private static RecordingDb run(Properties p, int operations) throws WorkloadException {
    RefarchWorkload workload = new RefarchWorkload();
    workload.init(p);
    Object state = workload.initThread(p, 0, 1);
    RecordingDb db = new RecordingDb();
    for (int i = 0; i < operations; i++) {
      workload.doTransaction(db, state);
    }
    return db;
  }

  private static long ordinal(String key) {
    return Long.parseLong(key.substring(KeySpace.PREFIX.length()));
  }

  @Test
  void activeFractionOnlyTouchesTheLeadingKeysUniformly() throws Exception {
    RecordingDb db = run(properties("readproportion", "1", "updateproportion", "0",
        "refarch.active.fraction", "0.25"), 50_000);
    long[] counts = new long[250];
    db.calls.forEach(c -> {
      assertThat(ordinal(c.key())).isLessThan(250);
      counts[(int) ordinal(c.key())]++;
    });
    double[] p = new double[250];
    Arrays.fill(p, 1.0 / 250);
    assertThat(ChiSquare.statistic(counts, p)).isLessThan(ChiSquare.critical(249));
  }

  @Test
  void activeRecordsWithZipfianStayInTheActiveSet() throws Exception {
    RecordingDb db = run(properties("readproportion", "1", "updateproportion", "0",
        "requestdistribution", "zipfian", "refarch.active.records", "600"), 20_000);
    assertThat(db.calls).allSatisfy(c -> assertThat(ordinal(c.key())).isLessThan(600));
    long distinct = db.calls.stream().map(RecordingDb.Call::key).distinct().count();
    assertThat(distinct).as("zipfian is skewed but spread over the active set").isBetween(300L, 600L);
  }

  @Test
  void constantScanLengthIsAlwaysTheMaximum() throws Exception {
    RecordingDb db = run(properties("readproportion", "0", "updateproportion", "0",
        "scanproportion", "1", "maxscanlength", "100", "scanlengthdistribution", "constant"), 500);
    assertThat(db.calls).allSatisfy(c -> assertThat(c.length()).isEqualTo(100));
  }

  @Test
  void uniformScanLengthsCoverOneToTheMaximumEvenly() throws Exception {
    RecordingDb db = run(properties("readproportion", "0", "updateproportion", "0",
        "scanproportion", "1", "maxscanlength", "20"), 40_000);
    long[] counts = new long[20];
    db.calls.forEach(c -> counts[c.length() - 1]++);
    double[] p = new double[20];
    Arrays.fill(p, 0.05);
    assertThat(ChiSquare.statistic(counts, p)).isLessThan(45.3); // chi-square(19) at 0.001
  }

  @Test
  void indexScansStartAtTheUnhashedOrdinalKey() throws Exception {
    RecordingDb db = run(properties("insertorder", "hashed", "zeropadding", "1",
        "readproportion", "0", "updateproportion", "0", "scanproportion", "1",
        "mongodb.scan.mode", "index", "mongodb.scan.indexField", "ordinal"), 200);
    assertThat(db.calls).allSatisfy(c -> assertThat(ordinal(c.key())).isBetween(0L, 999L));
  }

  @Test
  void loadWritesThePresetShapeAndTheIndexField() throws Exception {
    Properties p = properties("refarch.data.preset", "diamanti-50x250",
        "mongodb.scan.indexField", "ordinal", "dotransactions", "false");
    RefarchWorkload workload = new RefarchWorkload();
    workload.init(p);
    Object state = workload.initThread(p, 0, 1);
    RecordingDb db = new RecordingDb();
    IntStream.range(0, 3).forEach(i -> workload.doInsert(db, state));
    assertThat(db.calls).extracting(RecordingDb.Call::key)
        .containsExactly("user000000", "user000001", "user000002");
    Map<String, ?> values = db.calls.get(2).values();
    assertThat(values).hasSize(51).containsKeys("field0", "field49", "ordinal");
    assertThat(db.calls.get(2).values().get("field49").toArray()).hasSize(250);
    assertThat(((NumericByteIterator) values.get("ordinal")).getLong()).isEqualTo(2);
  }

  @Test
  void afterLoadInsertsContinueFromTheRecordCount() throws Exception {
    RecordingDb db = run(properties("readproportion", "0", "updateproportion", "0",
        "insertproportion", "1", "refarch.insertKeys", "after-load"), 3);
    assertThat(db.calls).extracting(RecordingDb.Call::key)
        .containsExactly("user001000", "user001001", "user001002");
  }

  @Test
  void zipfianKeyChoiceSpreadsOverTheExpectedNewKeys() throws Exception {
    Properties p = properties("readproportion", "0.95", "updateproportion", "0",
        "insertproportion", "0.05", "requestdistribution", "zipfian",
        "refarch.insertKeys", "after-load", "operationcount", "2000000000");
    RefarchWorkload ycsbs = new RefarchWorkload();
    ycsbs.init(p);
    assertThat(ycsbs.keyChoiceMax()).as("YCSB: operationcount x insertproportion x 2 new keys")
        .isEqualTo(1000 + 200_000_000L);
    p.setProperty("refarch.expectedNewKeys", "1000");
    RefarchWorkload bounded = new RefarchWorkload();
    bounded.init(p);
    assertThat(bounded.keyChoiceMax()).isEqualTo(2000);
    RecordingDb db = run(p, 2_000);
    assertThat(db.calls).filteredOn(c -> c.operation().equals("READ"))
        .allSatisfy(c -> assertThat(ordinal(c.key())).isLessThan(1000 + 2_000));
  }

  @Test
  void sameSeedSameRequests() throws Exception {
    Properties p = properties("readproportion", "1", "updateproportion", "0");
    assertThat(run(p, 100).calls).extracting(RecordingDb.Call::key)
        .isEqualTo(run(p, 100).calls.stream().map(RecordingDb.Call::key).toList());
  }

  @Test
  void badSettingsFailInitNamingTheKey() {
    assertThatThrownBy(() -> run(properties("refarch.active.fractoin", "0.5"), 1))
        .isInstanceOf(WorkloadException.class)
        .hasMessageContaining("refarch.active.fractoin='0.5' is not allowed")
        .hasMessageContaining("did you mean 'refarch.active.fraction'?");
  }

  @Test
  void rangeScansNeedKeysOfOneWidth() {
    assertThatThrownBy(() -> run(properties("zeropadding", "2", "mongodb.scan.mode", "range",
        "readproportion", "0", "scanproportion", "1"), 1))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("zeropadding='2' is not allowed; allowed: at least 3 for"
            + " mongodb.scan.mode=range");
  }

  @Test
  void readModifyWriteReadsThenUpdatesTheSameKey() throws Exception {
    RecordingDb db = run(properties("readproportion", "0", "updateproportion", "0",
        "readmodifywriteproportion", "1"), 10);
    for (int i = 0; i < db.calls.size(); i += 2) {
      assertThat(db.calls.get(i).operation()).isEqualTo("READ");
      assertThat(db.calls.get(i + 1).operation()).isEqualTo("UPDATE");
      assertThat(db.calls.get(i + 1).key()).isEqualTo(db.calls.get(i).key());
    }
    assertThat(new HashMap<>(db.calls.get(1).values())).hasSize(1);
  }
}
