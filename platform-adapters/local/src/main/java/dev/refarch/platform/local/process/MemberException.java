package dev.refarch.platform.local.process;

import dev.refarch.platform.spi.PlatformException;

/**
 * A member process failed: it would not start, died, or did not reach the awaited state. Keeps
 * the member's name and the tail of its logs apart from the message, so that a caller can add
 * where the logs were kept before showing the tail.
 */
public class MemberException extends PlatformException {

  private static final long serialVersionUID = 1L;

  private final String member;
  private final String detail;
  private final String logTail;

  public MemberException(String member, String operation, String detail, String logTail) {
    this(member, operation, detail, logTail, null);
  }

  public MemberException(String member, String operation, String detail, String logTail,
      Throwable cause) {
    super(operation, detail + logTail, cause);
    this.member = member;
    this.detail = detail;
    this.logTail = logTail;
  }

  /** The failed member's name, e.g. {@code rs0-1}. */
  public String member() {
    return member;
  }

  /** The message without the log tail. */
  public String detail() {
    return detail;
  }

  /** The tail of the member's log and console output, starting with a newline; may be empty. */
  public String logTail() {
    return logTail;
  }
}
