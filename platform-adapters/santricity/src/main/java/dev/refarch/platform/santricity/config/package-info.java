/**
 * The {@code santricity.*} settings: each declared once in
 * {@link dev.refarch.platform.santricity.config.SantricityKeys} (key, default, allowed values,
 * description — the README table is generated from there), parsed into the immutable
 * {@link dev.refarch.platform.santricity.config.SantricitySettings}, with the password taken from a
 * file or the environment ({@link dev.refarch.platform.santricity.config.PasswordSource}) and the
 * TR-4501 study configurations as ready-made property sets
 * ({@link dev.refarch.platform.santricity.config.Tr4501}).
 */
package dev.refarch.platform.santricity.config;
