package dev.refarch.platform.vsan.pbm;

import java.util.Optional;

/**
 * The policy PBM reports for a disk: a profile id, none (the datastore default applies), or
 * unknown when the server cannot say (a simulator without the query).
 *
 * @param profileId the policy's id when one is associated
 * @param known whether the server answered the query at all
 */
public record AssociatedPolicy(Optional<String> profileId, boolean known) {

  public static AssociatedPolicy of(String profileId) {
    return new AssociatedPolicy(Optional.of(profileId), true);
  }

  public static AssociatedPolicy none() {
    return new AssociatedPolicy(Optional.empty(), true);
  }

  public static AssociatedPolicy unknown() {
    return new AssociatedPolicy(Optional.empty(), false);
  }

  /** Whether the disk is known to carry {@code id}. */
  public boolean is(String id) {
    return profileId.filter(id::equals).isPresent();
  }

  /** The id, {@code none} or {@code unknown}, as recorded in platform state. */
  public String label() {
    return profileId.orElse(known ? "none" : "unknown");
  }

  /** Reads a label written by {@link #label()} back. */
  public static AssociatedPolicy parse(String label) {
    return switch (label) {
      case "none" -> none();
      case "unknown" -> unknown();
      default -> of(label);
    };
  }
}
