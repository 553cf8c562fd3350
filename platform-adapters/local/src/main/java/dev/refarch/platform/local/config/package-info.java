/**
 * The {@code local.*} settings, declared once: cache size, start timeout, extra {@code mongod}
 * arguments, election timeout, where data lives and whether it is kept.
 *
 * <p>Start with {@link dev.refarch.platform.local.config.LocalSettings}; everything else in this
 * module receives its settings as that record, already validated.
 */
package dev.refarch.platform.local.config;
