/**
 * Small helpers shared by the other packages of this module; not API.
 *
 * <p>{@link dev.refarch.platform.local.internal.Poll} with its
 * {@link dev.refarch.platform.local.internal.Deadline} is how every wait in the module is
 * written; {@link dev.refarch.platform.local.internal.LogTail} is how failures show a log.
 */
package dev.refarch.platform.local.internal;
