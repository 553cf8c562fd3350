/**
 * Pod and node faults for MongoDB on Kubernetes (study B4): delete the primary's pod, take the
 * node under a member out of service (cordon plus the out-of-service taint, or cordon plus
 * delete), and measure the time until the recreated pod is Ready again.
 *
 * <p>Start with {@link dev.refarch.platform.kubernetes.fault.KubernetesFaultInjector};
 * {@link dev.refarch.platform.kubernetes.fault.FaultRequest} declares the actions and their
 * parameters; {@link dev.refarch.platform.kubernetes.fault.MemberRoles} tells which pod is
 * primary.
 */
package dev.refarch.platform.kubernetes.fault;
