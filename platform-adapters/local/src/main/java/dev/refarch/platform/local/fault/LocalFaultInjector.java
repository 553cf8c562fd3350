package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.UndoAll;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Breaks the members of a local cluster: {@code kill} ({@code SIGKILL}), {@code stop}
 * ({@code SIGTERM} and wait), {@code pause} ({@code SIGSTOP}), {@code resume} ({@code SIGCONT}),
 * {@code stepdown} ({@code replSetStepDown}, parameters {@code seconds} (default 60) and
 * {@code force}) and {@code restart} (same port and data, waits until the member is back in its
 * set), {@code slow-disk} ({@code iops=}, {@code bps=}: the process's block I/O capped on the
 * disk under its data by the kernel's throttle, in a block I/O group of its own) and
 * {@code restore-disk}. Every action takes {@code timeoutSeconds}. {@link #restore} lifts the
 * caps still in place when a trial ends.
 *
 * <p>Targets follow {@link FaultTargets}: {@code primary}, {@code secondary} (the one with the
 * lowest name), {@code secondary:n} (the n-th by name) or {@code arbiter}, asked of the live
 * members when the fault fires; or a member name. Sharded clusters prefix roles with the replica
 * set: {@code shard0/primary}, {@code config/primary}.
 * For {@code resume} and {@code restart} a role means the member that had it when it was paused,
 * killed or stopped, so "pause primary … resume primary" pairs up.
 *
 * <p>{@link #inject} returns once the fault took effect, and the event's time is that moment:
 * {@code kill} and {@code stop} once the process is gone, {@code pause} once the kernel reports
 * it stopped, {@code resume} once {@code SIGCONT} was sent, {@code stepdown} once the command
 * returned, {@code restart} once the member is back as primary, secondary or arbiter.
 *
 * <p>Thread-safe: faults run one at a time.
 *
 * <pre>{@code
 * FaultEvent e = cluster.faults().inject(Fault.of("kill", "primary"));
 * cluster.faults().inject(Fault.of("restart", e.member()));
 * }</pre>
 */
public final class LocalFaultInjector implements FaultInjector {

  /** What {@link #actions()} returns, for checking fault schedules before a cluster exists. */
  public static final Set<String> ACTIONS = Collections.unmodifiableSet(
      new LinkedHashSet<>(FaultAction.labels()));

  private final Map<String, Member> members = new LinkedHashMap<>();
  private final FaultTargets targets;
  private final Duration defaultTimeout;
  private final BlockIoThrottle.Cap lifeCap;
  private final MemberDiskCaps disks;
  /** What each member with a {@code slow-disk} was when it got it, by name. */
  private final Map<String, Slowed> slowedAs = new LinkedHashMap<>();
  private long sequence;

  /** A slowed member's role then, and in which order. */
  private record Slowed(String role, long sequence) {
  }

  /**
   * @param members every member of the cluster, in the order {@link #members()} lists them
   * @param defaultTimeout the timeout of faults that set no {@code timeoutSeconds}
   */
  public LocalFaultInjector(List<Member> members, Duration defaultTimeout) {
    this(members, defaultTimeout, "cluster", null);
  }

  /**
   * @param members every member of the cluster, in the order {@link #members()} lists them
   * @param defaultTimeout the timeout of faults that set no {@code timeoutSeconds}
   * @param cluster a name unique on this machine, for the members' block I/O groups
   * @param lifeCap the cap on every {@code mongod}'s disk for the cluster's life, or null
   */
  public LocalFaultInjector(List<Member> members, Duration defaultTimeout, String cluster,
      BlockIoThrottle.Cap lifeCap) {
    this.lifeCap = lifeCap;
    this.disks = new MemberDiskCaps(cluster, lifeCap);
    members.forEach(m -> this.members.put(m.name(), m));
    this.targets = new FaultTargets(members.stream().map(m -> new FaultTargets.Member(m.name(),
        m.spec().group(), m.spec().role().targetKind())).toList());
    this.defaultTimeout = defaultTimeout;
  }

  @Override
  public String name() {
    return "local";
  }

  @Override
  public Set<String> actions() {
    return ACTIONS;
  }

  @Override
  public List<String> members() {
    return List.copyOf(members.keySet());
  }

  @Override
  public synchronized FaultEvent inject(Fault fault) {
    FaultAction action = FaultAction.parse(fault.action());
    FaultTarget target = targets.parse(fault.target());
    checkApplicable(action, target);
    FaultParameters parameters = FaultParameters.parse(action, fault.parameters(), defaultTimeout);
    Deadline deadline = Deadline.after(parameters.timeout());
    if (action == FaultAction.RESTORE_DISK) {
      return restoreDisk(fault.target(), throttledMember(target));
    }
    Member member = resolve(action, target, deadline);
    if (action == FaultAction.SLOW_DISK) {
      return slowDisk(fault.target(), member, target.isRole() ? target.role().label()
          : member.view().state().label(), parameters.cap());
    }
    FaultEvent event = FaultActions.apply(action, member, fault.target(),
        target.isRole() ? target.role().label() : null, parameters, deadline);
    if (action == FaultAction.RESTART) {
      disks.join(member); // a new process: its cap again
    }
    return event;
  }

  private FaultEvent slowDisk(String target, Member member, String role,
      BlockIoThrottle.Cap cap) {
    String reason = BlockIoThrottle.unavailableReason();
    if (reason != null) {
      throw new PlatformException("slow-disk " + target, reason);
    }
    BlockIoThrottle.Device device = disks.slow(member, cap);
    slowedAs.put(member.name(), new Slowed(role, ++sequence));
    return FaultActions.event(FaultAction.SLOW_DISK, target, member, "block I/O of pid "
        + member.pid().orElseThrow() + " on " + device.name() + " (" + device.id()
        + ") capped at " + cap);
  }

  private FaultEvent restoreDisk(String target, Member member) {
    BlockIoThrottle.Cap cap = disks.faultCap(member.name()).orElseThrow();
    BlockIoThrottle.Serviced s = disks.restore(member.name());
    slowedAs.remove(member.name());
    return FaultActions.event(FaultAction.RESTORE_DISK, target, member, "cap of " + cap
        + " lifted" + (lifeCap == null ? "" : ", back to the cluster's " + lifeCap)
        + "; the kernel counted " + s.reads() + " reads and " + s.writes() + " writes in its"
        + " group");
  }

  /** The capped member {@code target} names, or the latest capped while it had the role. */
  private Member throttledMember(FaultTarget target) {
    String name = target.isRole()
        ? slowedAs.entrySet().stream()
            .filter(e -> target.replicaSet().equals(members.get(e.getKey()).spec().group())
                && e.getValue().role().equals(target.role().label()))
            .max(java.util.Comparator.comparingLong(e -> e.getValue().sequence()))
            .map(Map.Entry::getKey).orElse(null)
        : slowedAs.containsKey(target.member()) ? target.member() : null;
    if (name == null) {
      throw new PlatformException("restore-disk " + target.text(), "no member with a slowed disk"
          + " matches; slowed: " + (slowedAs.isEmpty() ? "none" : slowedAs.entrySet().stream()
              .map(e -> e.getKey() + " (" + disks.faultCap(e.getKey()).orElseThrow() + ", was "
                  + e.getValue().role() + ")").toList()));
    }
    return members.get(name);
  }

  /**
   * Lifts every {@code slow-disk} still in place, each even when another fails; the cluster's
   * own cap ({@code local.io.maxIops}) stays.
   *
   * @throws PlatformException naming what could not be lifted, after trying everything
   */
  @Override
  public synchronized List<String> restore() {
    List<String> restored = new java.util.ArrayList<>();
    UndoAll undo = new UndoAll();
    for (String name : disks.slowed()) {
      undo.attempt("restore " + name + "'s disk", () -> {
        BlockIoThrottle.Cap cap = disks.faultCap(name).orElseThrow();
        disks.restore(name);
        restored.add(name + ": disk cap of " + cap + " lifted (was "
            + slowedAs.remove(name).role() + " before)");
      });
    }
    undo.throwIfFailed();
    return restored;
  }

  /** Caps every {@code mongod} at the cluster's cap, when it has one; once the cluster runs. */
  public synchronized void capForLife() {
    members.values().stream().filter(m -> !m.spec().process().equals("mongos"))
        .forEach(disks::join);
  }

  /** The cap on {@code member}'s disk now — a {@code slow-disk}'s or the cluster's — if any. */
  public synchronized java.util.Optional<BlockIoThrottle.Cap> diskCap(String member) {
    return disks.capOf(member);
  }

  /** Every capped process out of its block I/O group and the groups removed; at close. */
  public synchronized void releaseDisks() {
    disks.releaseAll();
  }

  private void checkApplicable(FaultAction action, FaultTarget target) {
    if (action != FaultAction.STEPDOWN) {
      return;
    }
    boolean applicable = target.isRole()
        ? target.role() == FaultTarget.Role.PRIMARY && members.values().stream().anyMatch(m ->
            target.replicaSet().equals(m.spec().group()) && m.spec().role().inReplicaSet())
        : members.get(target.member()).spec().role().inReplicaSet()
            && members.get(target.member()).spec().role().bearsData();
    if (!applicable) {
      throw new ConfigurationException("fault.target", target.text(),
          "a replica set's primary or a data member's name for stepdown");
    }
  }

  private Member resolve(FaultAction action, FaultTarget target, Deadline deadline) {
    if (!target.isRole()) {
      Member m = members.get(target.member());
      if (m.status() != action.needs()) {
        throw new PlatformException(action.label() + " " + target.text(), m.name() + " is "
            + m.status().label() + "; " + action.label() + " needs a " + action.needs().label()
            + " member");
      }
      return m;
    }
    List<Member> group = members.values().stream()
        .filter(m -> target.replicaSet().equals(m.spec().group())).toList();
    if (action.needs() != ProcessStatus.RUNNING) {
      return disrupted(action, target, group);
    }
    return Poll.until(deadline, Poll.INTERVAL, () -> {
      List<MemberView> views = group.stream().map(Member::view).toList();
      return RoleSelection.live(target, views).map(members::get).map(Observation::done)
          .orElseGet(() -> Observation.pending(views.toString()));
    }).orElseThrow(seen -> new PlatformException(action.label() + " " + target.text(),
        Poll.timedOut(deadline, "a " + target.describe() + " in " + target.replicaSet(), seen)));
  }

  private Member disrupted(FaultAction action, FaultTarget target, List<Member> group) {
    List<RoleSelection.Disrupted> candidates = group.stream()
        .filter(m -> m.status() == action.needs())
        .map(m -> new RoleSelection.Disrupted(m.name(), m.disruption())).toList();
    return RoleSelection.disrupted(target.role().label(), candidates).map(members::get)
        .orElseThrow(() -> new PlatformException(action.label() + " " + target.text(),
            "no " + action.needs().label() + " member of " + target.replicaSet() + " was "
                + target.role().label() + " when it was disrupted; " + action.needs().label()
                + " members: " + (candidates.isEmpty() ? "none"
                : candidates.stream().map(c -> c.name() + " (was " + (c.disruption() == null
                    ? "?" : c.disruption().role()) + ")").toList())));
  }
}
