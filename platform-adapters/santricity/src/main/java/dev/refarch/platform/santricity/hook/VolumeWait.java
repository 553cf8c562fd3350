package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.spi.PlatformException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Waits for volume-level long-running operations, reading {@code VolumeEx.action} from
 * {@code GET /storage-systems/{system-id}/volumes} (operation {@code getVolumes}, both swagger
 * generations): until new volumes have finished initializing — a disk pool volume is usable at
 * once but initializes in the background, which would skew the phase's figures — and until
 * deleted volumes are gone (a delete may answer 202, accepted).
 *
 * <p>Not thread-safe; one wait at a time.
 */
final class VolumeWait {

  /** The {@code VolumeEx.action} values that mean the volume is still being set up. */
  static final Set<String> INITIALIZING = Set.of("initializing", "formatting",
      "offlineFormatting", "creating");

  private final SantricityClient client;
  private final Duration poll;
  private final Duration timeout;
  private final Consumer<String> log;
  private int pauses;

  VolumeWait(SantricityClient client, Duration poll, Duration timeout, Consumer<String> log) {
    this.client = client;
    this.poll = poll;
    this.timeout = timeout;
    this.log = log;
  }

  /**
   * Returns the volumes, read again, once none of them is initializing; returns at once (one
   * read) when none is.
   *
   * @throws PlatformException naming the volumes still initializing after the timeout
   */
  List<Volume> initialized(List<Volume> volumes) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Map<String, Volume> now = client.volumes().list().stream()
          .collect(Collectors.toMap(Volume::id, Function.identity(), (a, b) -> a));
      List<Volume> fresh = volumes.stream().map(v -> now.getOrDefault(v.id(), v))
          .collect(Collectors.toList());
      List<String> busy = fresh.stream().filter(v -> INITIALIZING.contains(v.action()))
          .map(v -> v.name() + " (" + v.action() + ")").collect(Collectors.toList());
      if (busy.isEmpty()) {
        return fresh;
      }
      if (System.nanoTime() > deadline) {
        throw new PlatformException("wait for the trial's volumes to initialize", busy.size()
            + " still not ready after " + timeout.toMinutes() + " min: " + String.join(", ", busy)
            + "; raise santricity.volume.initTimeoutMinutes or wait and run again");
      }
      log.accept("santricity: waiting for " + busy.size() + " volume(s) to finish: "
          + String.join(", ", busy));
      pause("wait for the trial's volumes to initialize");
    }
  }

  /** Returns once none of {@code volumeIds} is listed any more, or the timeout passed. */
  boolean gone(Set<String> volumeIds) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (client.volumes().list().stream().anyMatch(v -> volumeIds.contains(v.id()))) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      pause("wait for deleted volumes to go");
    }
    return true;
  }

  /** How many times this wait paused between polls so far. */
  int pauses() {
    return pauses;
  }

  private void pause(String operation) {
    pauses++;
    try {
      Thread.sleep(poll.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(operation, "interrupted");
    }
  }
}
