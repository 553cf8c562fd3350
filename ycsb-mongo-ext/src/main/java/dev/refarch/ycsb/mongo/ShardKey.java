package dev.refarch.ycsb.mongo;

import java.util.Locale;

/** How the collection is sharded at load ({@code mongodb.shardKey}); always on {@code _id}. */
public enum ShardKey {
  /** {@code {_id: "hashed"}}: documents spread evenly whatever the key order. */
  HASHED,
  /** {@code {_id: 1}}: contiguous key ranges per chunk; range scans can target one shard. */
  RANGE,
  /** Leave the collection unsharded. */
  NONE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
