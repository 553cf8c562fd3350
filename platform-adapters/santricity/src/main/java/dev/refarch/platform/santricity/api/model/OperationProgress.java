package dev.refarch.platform.santricity.api.model;

/**
 * Progress of a long-running action on a pool's volume ({@code OperationProgress}). 11.9x answers
 * a list of these, 12.0x a single one; {@link dev.refarch.platform.santricity.api.Pools#actionProgress}
 * accepts both.
 *
 * @param volumeRef the volume the action runs on
 * @param currentAction e.g. {@code reconstructing}, {@code rebalancing}, {@code copyback}, {@code none}
 * @param progressPercentage 0–100
 * @param estimatedTimeToCompletion minutes, as estimated by the controller
 */
public record OperationProgress(String volumeRef, String currentAction, Integer progressPercentage,
    Integer estimatedTimeToCompletion) {

  /** Whether an action is running. */
  public boolean isActive() {
    return currentAction != null && !currentAction.isBlank() && !"none".equals(currentAction);
  }
}
