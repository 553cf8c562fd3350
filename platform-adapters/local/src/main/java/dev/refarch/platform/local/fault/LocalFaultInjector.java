package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.FaultTarget;
import dev.refarch.platform.spi.FaultTargets;
import dev.refarch.platform.spi.PlatformException;
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
 * set). Every action takes {@code timeoutSeconds}.
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

  /**
   * @param members every member of the cluster, in the order {@link #members()} lists them
   * @param defaultTimeout the timeout of faults that set no {@code timeoutSeconds}
   */
  public LocalFaultInjector(List<Member> members, Duration defaultTimeout) {
    members.forEach(m -> this.members.put(m.name(), m));
    this.targets = new FaultTargets(members.stream().map(m -> new FaultTargets.Member(m.name(),
        m.spec().group(), kind(m.spec().role()))).toList());
    this.defaultTimeout = defaultTimeout;
  }

  private static FaultTargets.Kind kind(Role role) {
    return switch (role) {
      case STANDALONE, DATA -> FaultTargets.Kind.DATA;
      case CONFIG -> FaultTargets.Kind.CONFIG;
      case ARBITER -> FaultTargets.Kind.ARBITER;
      case ROUTER -> FaultTargets.Kind.ROUTER;
    };
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
    Member member = resolve(action, target, deadline);
    return FaultActions.apply(action, member, fault.target(),
        target.isRole() ? target.role().label() : null, parameters, deadline);
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
