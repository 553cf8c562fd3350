/**
 * The {@code vsan.*} settings, declared once in {@link dev.refarch.platform.vsan.config.VsanSettings}
 * and parsed into {@link dev.refarch.platform.vsan.config.VsanConfig} (what to change) and
 * {@link dev.refarch.platform.vsan.config.Connection} (where and as whom). Everything is checked
 * here, before a hook touches the platform.
 */
package dev.refarch.platform.vsan.config;
