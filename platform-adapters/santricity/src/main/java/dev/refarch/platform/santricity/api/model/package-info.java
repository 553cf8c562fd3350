/**
 * The JSON shapes the client reads, as records named after their swagger definitions
 * ({@code VolumeEx} → {@link dev.refarch.platform.santricity.api.model.Volume}, ...). Each record
 * holds only the fields this adapter uses; every component name is a property of its definition,
 * which the contract test checks against both swagger files.
 *
 * <p>Start with {@link dev.refarch.platform.santricity.api.model.Pool} and
 * {@link dev.refarch.platform.santricity.api.model.Drive}.
 */
package dev.refarch.platform.santricity.api.model;
