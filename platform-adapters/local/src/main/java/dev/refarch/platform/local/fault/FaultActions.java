package dev.refarch.platform.local.fault;

import com.mongodb.MongoException;
import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.Role;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.PlatformException;
import org.bson.Document;

/**
 * Carries out one resolved fault and reports when it took effect.
 *
 * <p>Stateless and thread-safe; {@link LocalFaultInjector} serialises calls.
 */
final class FaultActions {

  private FaultActions() {
  }

  /**
   * Applies {@code action} to {@code member}.
   *
   * @param role the role the member was chosen by ({@code secondary}), or {@code null} when the
   *     target named the member: what a later "restart secondary" pairs with, recorded as chosen
   *     rather than asked again (a member's state can flicker between the two questions)
   */
  static FaultEvent apply(FaultAction action, Member member, String target, String role,
      FaultParameters parameters, Deadline deadline) {
    return switch (action) {
      case KILL -> kill(member, target, role);
      case STOP -> stop(member, target, role, parameters);
      case PAUSE -> pause(member, target, role);
      case RESUME -> event(action, target, member, "SIGCONT pid " + member.resume());
      case STEPDOWN -> stepDown(member, target, parameters);
      case RESTART -> restart(member, target, deadline);
      case SLOW_DISK, RESTORE_DISK -> throw new IllegalArgumentException(action.label()
          + " keeps state: LocalFaultInjector applies it");
    };
  }

  private static FaultEvent kill(Member member, String target, String role) {
    String was = disrupt(member, role);
    long pid = member.kill();
    return event(FaultAction.KILL, target, member, "SIGKILL pid " + pid + " (was " + was + ")");
  }

  private static FaultEvent stop(Member member, String target, String role,
      FaultParameters parameters) {
    String was = disrupt(member, role);
    long pid = member.pid().orElseThrow();
    boolean clean = member.stop(parameters.timeout());
    return event(FaultAction.STOP, target, member, "SIGTERM pid " + pid + " (was " + was + "), "
        + (clean ? "exited cleanly" : "still running after " + parameters.timeout().toSeconds()
            + " s, so SIGKILLed"));
  }

  private static FaultEvent pause(Member member, String target, String role) {
    String was = disrupt(member, role);
    long pid = member.pause();
    return event(FaultAction.PAUSE, target, member, "SIGSTOP pid " + pid + " (was " + was + ")");
  }

  private static FaultEvent stepDown(Member member, String target, FaultParameters parameters) {
    Document command = new Document("replSetStepDown", parameters.stepDownSeconds())
        .append("secondaryCatchUpPeriodSecs", parameters.catchUpSeconds())
        .append("force", parameters.force());
    try {
      member.client().run(command);
    } catch (MongoException e) {
      throw new PlatformException("stepdown " + member.name(), e.getMessage(), e);
    }
    return event(FaultAction.STEPDOWN, target, member, "replSetStepDown "
        + parameters.stepDownSeconds() + " s" + (parameters.force() ? ", force" : ""));
  }

  /** Starts the member again and waits until it answers and, in a replica set, has rejoined. */
  private static FaultEvent restart(Member member, String target, Deadline deadline) {
    member.start();
    member.awaitReachable(deadline);
    MemberView back = Poll.until(deadline, Poll.INTERVAL, () -> {
      MemberView view = member.view();
      return rejoined(member, view) ? Observation.done(view)
          : Observation.pending(view.toString());
    }).orElseThrow(seen -> member.failure("restart", Poll.timedOut(deadline,
        "it to rejoin as " + (member.spec().role() == Role.ARBITER ? "ARBITER"
            : "PRIMARY or SECONDARY"), seen), null));
    return event(FaultAction.RESTART, target, member, "pid " + member.pid().orElseThrow()
        + " on port " + member.spec().port() + ", now " + back.state());
  }

  private static boolean rejoined(Member member, MemberView view) {
    Role role = member.spec().role();
    if (!role.inReplicaSet()) {
      return view.state() == MemberView.State.PRIMARY;
    }
    if (role == Role.ARBITER) {
      return view.state() == MemberView.State.ARBITER;
    }
    return view.state() == MemberView.State.PRIMARY || view.state() == MemberView.State.SECONDARY;
  }

  /**
   * Records the role the member had as a fault took it out, and returns it: the role it was
   * chosen by, else the one it reports right before.
   */
  private static String disrupt(Member member, String chosenAs) {
    String role = chosenAs != null ? chosenAs : member.view().state().label();
    member.markDisrupted(role);
    return role;
  }

  static FaultEvent event(FaultAction action, String target, Member member,
      String detail) {
    return new FaultEvent(System.currentTimeMillis(), action.label(), target, member.name(),
        detail);
  }
}
