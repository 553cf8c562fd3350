package dev.refarch.platform.santricity.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.api.internal.Json;
import dev.refarch.platform.santricity.api.model.OperationProgress;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code action-progress}: a list in 11.9x, one object in 12.0x; both become a list. */
class ActionProgressShapesTest {

  @Test
  void readsThe119xListOfPerVolumeProgress() throws IOException {
    List<OperationProgress> progress = read("progress/action-progress-11.9x.json");
    assertThat(progress).hasSize(2);
    assertThat(progress.get(0).currentAction()).isEqualTo("reconstructing");
    assertThat(progress.get(0).progressPercentage()).isEqualTo(35);
    assertThat(progress.get(1).estimatedTimeToCompletion()).isEqualTo(15);
    assertThat(progress).allMatch(OperationProgress::isActive);
  }

  @Test
  void readsThe120xSingleObject() throws IOException {
    List<OperationProgress> progress = read("progress/action-progress-12.0x.json");
    assertThat(progress).singleElement().satisfies(p -> {
      assertThat(p.currentAction()).isEqualTo("rebalancing");
      assertThat(p.progressPercentage()).isEqualTo(70);
    });
  }

  @Test
  void treatsBothIdleShapesAsNoActivity() throws IOException {
    assertThat(read("progress/action-progress-11.9x-idle.json")).isEmpty();
    assertThat(read("progress/action-progress-12.0x-idle.json")).noneMatch(OperationProgress::isActive);
  }

  private static List<OperationProgress> read(String name) throws IOException {
    try (InputStream in = ActionProgressShapesTest.class.getClassLoader().getResourceAsStream(name)) {
      return Json.readList(Json.MAPPER.readTree(in), OperationProgress.class);
    }
  }
}
