package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.UndoAll;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The disk caps of a local cluster's {@code mongod} processes: the cluster's own cap for its
 * whole life ({@code local.io.maxIops}, {@code local.io.maxBps}) and the {@code slow-disk}
 * faults on top of it. A capped process runs in a block I/O group of its own,
 * {@code ycsb-mongo-refarch/<cluster>-<member>}, whose throttle holds the cap on the disk under
 * its data; a member restarted by a fault joins its group again, with the cluster's cap.
 *
 * <p>Not thread-safe: its injector calls it under its own lock.
 */
final class MemberDiskCaps {

  /** One member's group: where it came from, its disk, the caps on it. */
  private static final class Group {
    final String name;
    final BlockIoThrottle.Device device;
    long pid;
    Path was;
    BlockIoThrottle.Cap fault; // a slow-disk's cap, or null

    Group(String name, BlockIoThrottle.Device device) {
      this.name = name;
      this.device = device;
    }

    Path path() {
      return BlockIoThrottle.BLKIO.resolve(BlockIoThrottle.OWN).resolve(name);
    }
  }

  private final String cluster;
  private final BlockIoThrottle.Cap lifeCap; // or null
  private final Map<String, Group> groups = new LinkedHashMap<>();

  /**
   * @param cluster a name unique on this machine, e.g. the cluster's work folder's name
   * @param lifeCap the cluster's cap on every {@code mongod}, or {@code null}
   */
  MemberDiskCaps(String cluster, BlockIoThrottle.Cap lifeCap) {
    this.cluster = cluster;
    this.lifeCap = lifeCap;
  }

  /**
   * Caps {@code member}'s current process — just started, or restarted by a fault — at the cap it
   * should have: a {@code slow-disk}'s still in place, else the cluster's, else none.
   */
  void join(Member member) {
    Group g = groups.get(member.name());
    BlockIoThrottle.Cap cap = g != null && g.fault != null ? g.fault : lifeCap;
    if (cap != null) {
      g = enter(member);
      BlockIoThrottle.cap(g.path(), g.device, cap);
    }
  }

  /** The cap on {@code member}'s disk now, if any. */
  Optional<BlockIoThrottle.Cap> capOf(String member) {
    Group g = groups.get(member);
    return g == null ? Optional.empty() : Optional.ofNullable(g.fault != null ? g.fault : lifeCap);
  }

  /**
   * Caps {@code member} at {@code cap} until {@link #restore}.
   *
   * @return the disk capped
   * @throws PlatformException when it already has a fault's cap, or the kernel refuses
   */
  BlockIoThrottle.Device slow(Member member, BlockIoThrottle.Cap cap) {
    Group g = groups.get(member.name());
    if (g != null && g.fault != null) {
      throw new PlatformException("slow-disk " + member.name(), "its disk is already capped at "
          + g.fault + "; restore-disk first");
    }
    g = enter(member);
    BlockIoThrottle.cap(g.path(), g.device, cap);
    g.fault = cap;
    return g.device;
  }

  /** The cap a {@code slow-disk} holds on {@code member}, if any. */
  Optional<BlockIoThrottle.Cap> faultCap(String member) {
    return Optional.ofNullable(groups.get(member)).map(g -> g.fault);
  }

  /** Members with a {@code slow-disk}'s cap, in the order they got it. */
  List<String> slowed() {
    return groups.entrySet().stream().filter(e -> e.getValue().fault != null)
        .map(Map.Entry::getKey).toList();
  }

  /**
   * Lifts {@code member}'s {@code slow-disk}: back to the cluster's cap, or out of its group.
   *
   * @return what the kernel counted for the group while it existed
   */
  BlockIoThrottle.Serviced restore(String member) {
    Group g = groups.get(member);
    BlockIoThrottle.Serviced serviced = BlockIoThrottle.serviced(g.path(), g.device);
    g.fault = null;
    if (lifeCap != null) {
      BlockIoThrottle.cap(g.path(), g.device, lifeCap);
    } else {
      groups.remove(member);
      BlockIoThrottle.leave(g.pid, g.was, g.name);
    }
    return serviced;
  }

  /**
   * Every process back where it was and every group removed, each even when another fails; for
   * the cluster's close, after its processes stopped.
   *
   * @throws PlatformException naming the first that failed
   */
  void releaseAll() {
    UndoAll undo = new UndoAll();
    for (Group g : new ArrayList<>(groups.values())) {
      undo.attempt("release block I/O group " + g.name, () -> {
        BlockIoThrottle.leave(g.pid, g.was, g.name);
        groups.values().remove(g);
      });
    }
    undo.throwIfFailed();
  }

  /** {@code member}'s group, with its current process in it. */
  private Group enter(Member member) {
    long pid = member.pid().orElseThrow(() -> new PlatformException("cap the disk of "
        + member.name(), "it has no process"));
    Group g = groups.get(member.name());
    if (g == null) {
      g = new Group(cluster + "-" + member.name(),
          BlockIoThrottle.deviceOf(member.spec().dbPath()));
    }
    if (g.pid != pid) {
      g.was = BlockIoThrottle.enter(pid, g.name);
      g.pid = pid;
    }
    groups.put(member.name(), g);
    return g;
  }
}
