package dev.refarch.platform.local.deploy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberView;
import dev.refarch.platform.local.process.ProcessStatus;
import dev.refarch.platform.local.process.Role;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.Document;

/**
 * Initiates replica sets and waits until they are healthy: one primary that accepts writes, every
 * other data member secondary, every arbiter an arbiter.
 *
 * <p>Stateless and thread-safe.
 */
public final class ReplicaSets {

  /** How often a set without a primary is nudged with {@code replSetStepUp}. */
  static final Duration STEP_UP_EVERY = Duration.ofSeconds(1);

  private ReplicaSets() {
  }

  /**
   * Runs {@code replSetInitiate} on the set's first member.
   *
   * @throws dev.refarch.platform.local.process.MemberException when the member refuses
   */
  public static void initiate(ReplicaSetGroup set, OptionalInt electionTimeoutMillis) {
    Member first = set.members().get(0);
    try {
      first.client().run(new Document("replSetInitiate", set.initiateConfig(electionTimeoutMillis)));
    } catch (MongoException e) {
      throw first.failure("replSetInitiate " + set.name(), e.getMessage(), e);
    }
  }

  /**
   * Waits until {@link #isHealthy} holds for the set, asking each member with {@code hello}.
   * Once a data member is secondary and nobody is primary, asks it to step up (every
   * {@link #STEP_UP_EVERY}), because a new set otherwise waits a whole election timeout (10 s by
   * default) for its first election.
   *
   * @throws dev.refarch.platform.local.process.MemberException when a member exits, or at the
   *     deadline, naming the first member not in its awaited state
   */
  public static void awaitHealthy(ReplicaSetGroup set, Deadline deadline) {
    AtomicReference<List<MemberView>> last = new AtomicReference<>();
    AtomicLong nextStepUp = new AtomicLong(System.nanoTime());
    Poll.until(deadline, Poll.INTERVAL, () -> {
      for (Member m : set.members()) {
        if (m.status() == ProcessStatus.EXITED) {
          throw m.failure("await replica set " + set.name() + ", member", "exited unexpectedly",
              null);
        }
      }
      List<MemberView> views = set.members().stream().map(Member::view).toList();
      last.set(views);
      if (isHealthy(set, views)) {
        return Observation.done(Boolean.TRUE);
      }
      String stepUp = "";
      if (System.nanoTime() - nextStepUp.get() >= 0) {
        nextStepUp.set(System.nanoTime() + STEP_UP_EVERY.toNanos());
        stepUp = stepUpCandidate(set, views).map(ReplicaSets::stepUp).orElse("");
      }
      return Observation.pending(views + stepUp);
    }).orElseThrow(seen -> culprit(set, last.get()).failure(
        "await replica set " + set.name() + ", member",
        Poll.timedOut(deadline, "one PRIMARY and the others SECONDARY or ARBITER", seen), null));
  }

  /** The first secondary, when there is no primary. */
  static Optional<Member> stepUpCandidate(ReplicaSetGroup set, List<MemberView> views) {
    if (views.stream().anyMatch(v -> v.state() == MemberView.State.PRIMARY)) {
      return Optional.empty();
    }
    for (int i = 0; i < views.size(); i++) {
      if (views.get(i).state() == MemberView.State.SECONDARY) {
        return Optional.of(set.members().get(i));
      }
    }
    return Optional.empty();
  }

  /** Asks {@code member} to call an election now; returns what it refused, for the log. */
  private static String stepUp(Member member) {
    try {
      member.client().run(new Document("replSetStepUp", 1));
      return "";
    } catch (MongoException e) {
      return "; replSetStepUp on " + member.name() + ": "
          + (e instanceof MongoCommandException c ? c.getErrorMessage() : e.getMessage());
    }
  }

  /** One primary, every other data member secondary, every arbiter an arbiter. */
  static boolean isHealthy(ReplicaSetGroup set, List<MemberView> views) {
    long primaries = views.stream().filter(v -> v.state() == MemberView.State.PRIMARY).count();
    if (primaries != 1) {
      return false;
    }
    for (int i = 0; i < views.size(); i++) {
      MemberView.State state = views.get(i).state();
      boolean arbiter = set.members().get(i).spec().role() == Role.ARBITER;
      boolean fine = arbiter ? state == MemberView.State.ARBITER
          : state == MemberView.State.PRIMARY || state == MemberView.State.SECONDARY;
      if (!fine) {
        return false;
      }
    }
    return true;
  }

  /** The first member not yet where it should be, else the first member. */
  private static Member culprit(ReplicaSetGroup set, List<MemberView> views) {
    if (views != null) {
      for (int i = 0; i < views.size(); i++) {
        MemberView.State s = views.get(i).state();
        if (s != MemberView.State.PRIMARY && s != MemberView.State.SECONDARY
            && s != MemberView.State.ARBITER) {
          return set.members().get(i);
        }
      }
    }
    return set.members().get(0);
  }
}
