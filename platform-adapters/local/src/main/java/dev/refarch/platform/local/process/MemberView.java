package dev.refarch.platform.local.process;

import java.util.Locale;
import java.util.Objects;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * What one member says about itself right now (from {@code hello}), or why it cannot say.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the member's name
 * @param state its replication state as far as {@code hello} tells it
 * @param electionId for a primary, the id of the election that made it primary (ids of later
 *     elections compare greater); otherwise {@code null}
 * @param detail what was seen, for messages
 */
public record MemberView(String name, State state, ObjectId electionId, String detail) {

  /** A member's state as the fault injector and start-up waits need it. */
  public enum State {
    /** Accepts writes ({@code isWritablePrimary}); a standalone or a router is one too. */
    PRIMARY,
    SECONDARY,
    ARBITER,
    /** Answers but is none of the above (starting up, recovering, not yet in a set). */
    OTHER,
    /** The process runs but did not answer. */
    UNREACHABLE,
    /** The process was stopped with {@code SIGSTOP}; nobody asked it. */
    PAUSED,
    /** The process is not running. */
    DOWN;

    /** Lower-case name as targets use it, e.g. {@code primary}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public MemberView {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(detail, "detail");
  }

  /** Reads a {@code hello} reply. */
  public static MemberView fromHello(String name, Document hello) {
    if (Boolean.TRUE.equals(hello.getBoolean("isWritablePrimary"))) {
      return new MemberView(name, State.PRIMARY, hello.getObjectId("electionId"), "primary");
    }
    if (Boolean.TRUE.equals(hello.getBoolean("secondary"))) {
      return new MemberView(name, State.SECONDARY, null, "secondary");
    }
    if (Boolean.TRUE.equals(hello.getBoolean("arbiterOnly"))) {
      return new MemberView(name, State.ARBITER, null, "arbiter");
    }
    String info = hello.getString("info");
    return new MemberView(name, State.OTHER, null, info == null ? "neither primary nor secondary"
        : info);
  }

  public static MemberView of(String name, State state, String detail) {
    return new MemberView(name, state, null, detail);
  }

  /** {@code name=STATE}, the form timeouts list members in. */
  @Override
  public String toString() {
    return name + "=" + state + (state == State.OTHER || state == State.UNREACHABLE
        ? " (" + detail + ")" : "");
  }
}
