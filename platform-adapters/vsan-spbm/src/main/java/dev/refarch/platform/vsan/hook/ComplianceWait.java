package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.pbm.Compliance;
import dev.refarch.platform.vsan.pbm.DiskEntity;
import dev.refarch.platform.vsan.pbm.PbmClient;
import dev.refarch.platform.vsan.pbm.StoragePolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Polls PBM compliance until every disk is compliant — or reports a status waiting cannot change
 * (unknown, not applicable: the server cannot tell) — backing off from 200 ms to 5 s, since vSAN
 * may resync objects for minutes after a policy change.
 *
 * <p>Not thread-safe; one instance serves one wait.
 */
final class ComplianceWait {

  private static final long FIRST_POLL_MILLIS = 200;
  private static final long MAX_POLL_MILLIS = 5000;

  private final PbmClient pbm;
  private final Duration timeout;
  private final Function<DiskEntity, String> describe;

  ComplianceWait(PbmClient pbm, Duration timeout, Function<DiskEntity, String> describe) {
    this.pbm = pbm;
    this.timeout = timeout;
    this.describe = describe;
  }

  /**
   * Waits; {@code latest} holds the last status of every disk, also when this throws.
   *
   * @throws PlatformException saying how long it waited and which disks are not compliant
   */
  void await(StoragePolicy policy, List<DiskEntity> disks, Map<DiskEntity, Compliance> latest) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long pause = FIRST_POLL_MILLIS;
    while (true) {
      latest.putAll(pbm.compliance(disks));
      if (latest.values().stream().allMatch(c -> c.compliant() || c.unknown())) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new PlatformException("wait for compliance with storage policy " + policy.name(),
            "not compliant after " + timeout.toSeconds() + " s: " + pending(latest)
                + "; vSAN may still be resyncing (raise vsan.timeoutSeconds) or lack hosts or"
                + " disks for these rules (RAID-5 needs 4 hosts, RAID-6 6, RAID-1 2*FTT+1;"
                + " stripe width N needs N capacity disks per replica)");
      }
      sleep(pause);
      pause = Math.min(MAX_POLL_MILLIS, pause * 2);
    }
  }

  private String pending(Map<DiskEntity, Compliance> latest) {
    return latest.entrySet().stream()
        .filter(e -> !e.getValue().compliant() && !e.getValue().unknown())
        .map(e -> describe.apply(e.getKey()) + " " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("wait for storage policy compliance", "interrupted", e);
    }
  }
}
