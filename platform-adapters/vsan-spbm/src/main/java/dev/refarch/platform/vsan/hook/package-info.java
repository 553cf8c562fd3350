/**
 * The platform hooks: {@link dev.refarch.platform.vsan.hook.StoragePolicyHook} ({@code vsan-spbm})
 * and {@link dev.refarch.platform.vsan.hook.VmSizeHook} ({@code vsan-vm-size}). The policy work
 * itself is in {@code PolicyApplier}, which reads before it writes so that hooks are idempotent.
 */
package dev.refarch.platform.vsan.hook;
