/**
 * The {@code santricity} platform hook. Around each YCSB phase it plans against the array's
 * current state without changing anything ({@link dev.refarch.platform.santricity.hook.Planner},
 * where every bad input fails), applies the plan
 * ({@link dev.refarch.platform.santricity.hook.Provisioner}: pool, volumes, SSD cache), records
 * the platform state, brackets the phase with statistics snapshots, and restores the SSD cache
 * state it found ({@link dev.refarch.platform.santricity.hook.CacheRestorer}). Start at
 * {@link dev.refarch.platform.santricity.hook.SantricityHook}.
 */
package dev.refarch.platform.santricity.hook;
