package dev.refarch.platform.santricity.api.model;

/**
 * SSD cache counters of one controller ({@code SsdCacheStatisticsResponse}, 12.0x only).
 *
 * @param controllerId the controller
 * @param statistics the counters
 */
public record SsdCacheStatistics(String controllerId, Counters statistics) {

  /**
   * {@code FlashCacheStatistics}: counts since the cache was created, as decimal strings.
   *
   * @param reads read operations seen by the cache
   * @param fullCacheHits reads served entirely from the cache
   * @param partialCacheHits reads served partly from the cache
   * @param completeCacheMiss reads the cache could not serve
   * @param allocatedBytes cache capacity allocated
   * @param populatedCleanBytes cache capacity holding data
   */
  public record Counters(String reads, String fullCacheHits, String partialCacheHits,
      String completeCacheMiss, String allocatedBytes, String populatedCleanBytes) {
  }
}
