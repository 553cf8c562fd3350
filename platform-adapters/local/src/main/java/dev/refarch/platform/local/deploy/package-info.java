/**
 * Whole deployments: laying out the members of a topology ({@link
 * dev.refarch.platform.local.deploy.Planner}), starting them in order and waiting until they
 * accept writes ({@link dev.refarch.platform.local.deploy.Launcher}, {@link
 * dev.refarch.platform.local.deploy.ReplicaSets}), and stopping them ({@link
 * dev.refarch.platform.local.deploy.Deployment#stopAll()}).
 *
 * <p>Start with {@link dev.refarch.platform.local.deploy.Planner}, then {@link
 * dev.refarch.platform.local.deploy.Launcher}.
 */
package dev.refarch.platform.local.deploy;
