/**
 * The WiredTiger cache around the load: the {@code mongodb-load-cache} platform hook
 * ({@link dev.refarch.ycsb.cache.LoadCacheHook}) loads with a larger cache and gives each member
 * back its own before the run, so that a study of data outgrowing a small cache spends its time
 * measuring, not loading.
 */
package dev.refarch.ycsb.cache;
