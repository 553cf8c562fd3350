package dev.refarch.ycsb.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YCSB's client flow run in-process, against YCSB's own BasicDB (which needs no server). */
class InProcessClientTest {

  private static final Pattern OPERATIONS = Pattern.compile("\\[READ], Operations, (\\d+)");

  @Test
  void aRunWithoutACountRunsEveryThreadUntilItsTimeLimitAsYcsbDoes(@TempDir Path dir)
      throws Exception {
    Path export = dir.resolve("export.txt");
    int exit = InProcessClient.run(new String[] {"-t", "-db", "site.ycsb.BasicDB",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10",
        "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-p", "readproportion=1",
        "-p", "updateproportion=0", "-p", "basicdb.simulatedelay=0", "-p", "basicdb.verbose=false",
        "-p", "target=200", "-threads", "3", "-p", "exportfile=" + export});

    assertThat(exit).isZero();
    Matcher m = OPERATIONS.matcher(Files.readString(export));
    assertThat(m.find()).as("reads in %s", Files.readString(export)).isTrue();
    assertThat(Long.parseLong(m.group(1)))
        .as("0 is no count: the run lasts its 1 s at 200 ops/s, not zero threads")
        .isGreaterThan(20);
  }
}
