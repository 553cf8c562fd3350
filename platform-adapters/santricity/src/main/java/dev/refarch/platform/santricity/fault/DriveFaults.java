package dev.refarch.platform.santricity.fault;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.PlatformException;
import java.time.Clock;
import java.util.List;
import java.util.function.Predicate;

/**
 * Carries out one drive fault and waits until the array reports its effect: the failed drive as
 * {@code failed}, or the replacement drive as a member of the pool.
 *
 * <p>Not thread-safe; one instance per fault.
 */
final class DriveFaults {

  /** Starts following a pool's recovery. */
  interface Follower {
    void follow(SantricityClient client, SantricitySettings settings, Pool pool, String cause);
  }

  private final SantricityClient client;
  private final SantricitySettings settings;
  private final Clock clock;

  DriveFaults(SantricityClient client, SantricitySettings settings, Clock clock) {
    this.client = client;
    this.settings = settings;
    this.clock = clock;
  }

  FaultEvent fail(Fault fault, Drive drive, List<Pool> pools, Follower follower) {
    client.symbol().setDriveToFailed(drive.driveRef() != null ? drive.driveRef() : drive.id());
    long at = clock.millis();
    await(drive.id(), Drive::isFailed, "fail drive " + drive.id(), "failed");
    Pool pool = poolOf(drive, pools);
    String cause = SantricityFaultInjector.FAIL_DRIVE + " " + drive.id();
    String detail = drive.describe() + (pool == null ? "" : " of pool '" + pool.name() + "'")
        + " set to failed (SYMbol setDriveToFailed)";
    if (pool != null) {
      follower.follow(client, settings, pool, cause);
      detail += "; following recovery every " + settings.fault().pollMillis() + " ms";
    }
    return new FaultEvent(at, fault.action(), fault.target(), drive.id(), detail);
  }

  FaultEvent replace(Fault fault, Drive failed, List<Pool> pools, Follower follower) {
    Pool pool = poolOf(failed, pools);
    String replacement = fault.parameters().get("replacement");
    if (replacement == null) {
      List<String> candidates = client.drives().replacementCandidates(failed.id());
      if (candidates.isEmpty()) {
        throw new PlatformException("replace drive " + failed.id(), "no compatible unassigned "
            + "drive or hot spare: insert a new drive of the same type and capacity, then retry "
            + "(or name one with the fault parameter replacement=<drive id>)");
      }
      replacement = candidates.get(0);
    }
    client.drives().replace(failed.id(), replacement);
    long at = clock.millis();
    if (pool != null) {
      String ref = pool.volumeGroupRef();
      await(replacement, d -> d.belongsTo(ref), "replace drive " + failed.id(),
          "a member of pool '" + pool.name() + "'");
      follower.follow(client, settings, pool, SantricityFaultInjector.REPLACE_DRIVE + " "
          + failed.id());
    }
    return new FaultEvent(at, fault.action(), fault.target(), failed.id(), "drive " + failed.id()
        + (pool == null ? "" : " of pool '" + pool.name() + "'") + " replaced by drive "
        + replacement + " (drives/{id}/replace)");
  }

  private void await(String driveId, Predicate<Drive> state, String operation, String what) {
    long deadline = clock.millis() + settings.fault().confirmTimeout().toMillis();
    long pause = Math.min(1000, settings.fault().pollMillis());
    Drive drive = client.drives().get(driveId);
    while (!state.test(drive)) {
      if (clock.millis() > deadline) {
        throw new PlatformException(operation, "drive " + driveId + " is still '"
            + drive.status() + "', not " + what + ", " + settings.fault().confirmSeconds()
            + " s after the array accepted the request (santricity.fault.confirmSeconds)");
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PlatformException(operation, "interrupted while waiting for drive " + driveId);
      }
      drive = client.drives().get(driveId);
    }
  }

  private static Pool poolOf(Drive drive, List<Pool> pools) {
    return pools.stream().filter(p -> drive.belongsTo(p.volumeGroupRef())).findFirst()
        .orElse(null);
  }
}
