package dev.refarch.experiments.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.results.TelemetryFile;
import dev.refarch.experiments.results.TrialTelemetry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tidy file's lines read back as written, and each phase's figures from its window. */
class TelemetryFileTest {

  @Test
  void linesReadBackAndAPhasesFiguresComeFromItsWindowOnly(@TempDir Path dir) throws Exception {
    StringBuilder text = new StringBuilder(TelemetryFile.HEADER + "\n");
    // twenty samples 1..20 in the window, one before it and one after it that must not count
    text.append(TelemetryFile.line(999, "mongodb", "rs0-0", "ops.update", "/s", 1000));
    for (int i = 1; i <= 20; i++) {
      text.append(TelemetryFile.line(1000 + i * 50L, "mongodb", "rs0-0", "ops.update", "/s", i));
    }
    text.append(TelemetryFile.line(3000, "mongodb", "rs0-0", "ops.update", "/s", 1000));
    text.append(TelemetryFile.line(1500, "disk", "vda (rs0-0, rs0-1)", "disk.await", "ms", 2.5));
    text.append("1600,mongodb,rs0-0,ops.upd"); // cut short when the runner was killed
    Path file = dir.resolve(TelemetryFile.FILE);
    Files.writeString(file, text);

    List<TelemetryFile.Row> rows = TelemetryFile.read(file);
    assertThat(rows).hasSize(23);
    assertThat(rows.get(22).member()).isEqualTo("vda (rs0-0, rs0-1)");
    List<TrialTelemetry.Figure> figures = TelemetryFile.summarize(rows, 1000, 3000);
    assertThat(figures).hasSize(2);
    TrialTelemetry.Figure updates = figures.get(0);
    assertThat(updates.samples()).isEqualTo(20);
    assertThat(updates.mean()).isEqualTo(10.5);
    assertThat(updates.p95()).as("nearest rank: the 19th of 20").isEqualTo(19);
    assertThat(updates.max()).isEqualTo(20);
    assertThat(figures.get(1).metric()).isEqualTo("disk.await");
  }

  @Test
  void noFileIsNoRows(@TempDir Path dir) {
    assertThat(TelemetryFile.read(dir.resolve("none.csv"))).isEmpty();
  }
}
