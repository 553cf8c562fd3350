/**
 * A small client for SANtricity Web Services {@code /devmgr/v2}, embedded on the controllers or
 * running as a proxy, on the JDK HTTP client and Jackson. Every path, method and field name comes
 * from NetApp's swagger files for 11.9x and 12.0x.
 *
 * <p>Start with {@link dev.refarch.platform.santricity.api.SantricityClient}; its resources
 * ({@link dev.refarch.platform.santricity.api.Pools}, {@link dev.refarch.platform.santricity.api.Volumes},
 * {@link dev.refarch.platform.santricity.api.SsdCacheApi}, ...) read like the array's objects.
 * Errors are {@link dev.refarch.platform.santricity.api.SantricityApiException}s naming the
 * operation, the object and NetApp's error body.
 */
package dev.refarch.platform.santricity.api;
