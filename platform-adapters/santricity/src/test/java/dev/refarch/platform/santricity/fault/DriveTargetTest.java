package dev.refarch.platform.santricity.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Location;
import dev.refarch.platform.santricity.api.model.Pool;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriveTargetTest {

  private static final String POOL = "04000000600A098000A4B28D0000000000000001";
  private static final String NONE = "0".repeat(40);

  private static Drive drive(String id, int slot, String status, String group) {
    return new Drive(id, id, status, false, false, false, false, "ssd", group, "1",
        new Location("0E01", slot, slot, null), "sn", "p");
  }

  private static final List<Drive> DRIVES = List.of(drive("d1", 1, "optimal", POOL),
      drive("d2", 2, "optimal", POOL), drive("d3", 3, "failed", POOL),
      drive("d4", 4, "optimal", NONE));
  private static final List<Pool> POOLS = List.of(new Pool(POOL, "ssd_ddp", POOL, "raidDiskPool",
      "degraded", "ssd", true, false, "standard", "0", "0", null));

  @Test
  void aPoolTargetFailsItsOptimalDriveInTheHighestSlot() {
    assertThat(new DriveTarget("pool:ssd_ddp").forFailure(DRIVES, POOLS).id()).isEqualTo("d2");
  }

  @Test
  void aPoolTargetReplacesItsFailedDrive() {
    assertThat(new DriveTarget("pool:ssd_ddp").forReplacement(DRIVES, POOLS).id()).isEqualTo("d3");
  }

  @Test
  void aSlotTargetNamesTheDriveInThatSlot() {
    assertThat(new DriveTarget("slot:1").forFailure(DRIVES, POOLS).id()).isEqualTo("d1");
  }

  @Test
  void anIdTargetSuggestsTheClosestId() {
    assertThatThrownBy(() -> new DriveTarget("d22").forFailure(DRIVES, POOLS))
        .hasMessageContaining("target='d22'")
        .hasMessageContaining("a drive id, slot:<n> or pool:<name>; drives: d1, d2, d3, d4")
        .hasMessageContaining("did you mean");
  }

  @Test
  void refusesToFailAFailedDrive() {
    assertThatThrownBy(() -> new DriveTarget("d3").forFailure(DRIVES, POOLS))
        .hasMessageContaining("the drive is failed, not optimal");
  }

  @Test
  void refusesToReplaceAnOptimalDrive() {
    assertThatThrownBy(() -> new DriveTarget("d1").forReplacement(DRIVES, POOLS))
        .hasMessageContaining("has not failed");
  }
}
