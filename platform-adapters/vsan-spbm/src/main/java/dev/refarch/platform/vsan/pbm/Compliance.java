package dev.refarch.platform.vsan.pbm;

import java.util.Objects;

/**
 * A disk's compliance with its policy as PBM reported it.
 *
 * @param status {@code compliant}, {@code nonCompliant}, {@code outOfDate}, {@code notApplicable}
 *     or {@code unknown} (also used when the server has no compliance check)
 * @param taskStatus {@code inProgress}, {@code success}, {@code failed}, or {@code ""} when not
 *     reported
 */
public record Compliance(String status, String taskStatus) {

  public static final Compliance UNKNOWN = new Compliance("unknown", "");

  public Compliance {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(taskStatus, "taskStatus");
  }

  public boolean compliant() {
    return "compliant".equals(status);
  }

  /** Whether waiting longer cannot change the answer we can get from this server. */
  public boolean unknown() {
    return "unknown".equals(status) || "notApplicable".equals(status);
  }

  @Override
  public String toString() {
    return taskStatus.isEmpty() ? status : status + " (check " + taskStatus + ")";
  }
}
