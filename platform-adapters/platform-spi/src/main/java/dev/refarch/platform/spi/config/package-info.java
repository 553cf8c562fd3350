/**
 * Declared settings: each key once, with its type, default, allowed values and a one-line
 * description, so that parsing, error messages and the README's property tables share one source.
 *
 * <p>Start with {@link dev.refarch.platform.spi.config.SettingGroup}, which holds the
 * {@link dev.refarch.platform.spi.config.Setting}s under one prefix and rejects unknown keys with
 * the closest known one.
 */
package dev.refarch.platform.spi.config;
