/**
 * Not API: the HTTP transport (authentication, TLS per client, error mapping) and JSON setup used
 * by the resources of {@code dev.refarch.platform.santricity.api}. Start with
 * {@link dev.refarch.platform.santricity.api.internal.Transport}.
 */
package dev.refarch.platform.santricity.api.internal;
