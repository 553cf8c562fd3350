/**
 * Finding {@code mongod} and {@code mongos}, and installing {@code mongod} when it is missing.
 *
 * <p>Start with {@link dev.refarch.platform.local.binary.MongoBinaries}, which walks the search
 * order and records where each {@link dev.refarch.platform.local.binary.MongoBinary} came from;
 * {@link dev.refarch.platform.local.binary.WheelInstaller} does the install.
 */
package dev.refarch.platform.local.binary;
