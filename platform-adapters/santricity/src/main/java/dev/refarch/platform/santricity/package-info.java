/**
 * NetApp E-Series SANtricity adapter: Dynamic Disk Pools, volumes, SSD read cache, statistics and
 * a drive-failure fault, driven through SANtricity Web Services ({@code /devmgr/v2}).
 *
 * <p>Packages follow the data flow: {@code api} (REST client and the JSON shapes of NetApp's
 * swagger files) → {@code config} (the {@code santricity.*} settings) → {@code stats} (counter
 * snapshots turned into per-volume rates) → {@code hook} (the {@code santricity} platform hook)
 * and {@code fault} (the {@code fail-drive} fault and reconstruction progress). Start reading at
 * {@link dev.refarch.platform.santricity.hook.SantricityHook}.
 */
package dev.refarch.platform.santricity;
