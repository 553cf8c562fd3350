package dev.refarch.ycsb.mongo;

import com.mongodb.WriteConcern;

/**
 * The seed papers' write-concern levels, by name ({@code mongodb.durability}).
 *
 * <p>Each profile sets both {@code w} and {@code j} explicitly, so the server never falls back to
 * its own default; {@code mongodb.writeConcern.*} keys override single parts.
 */
public enum Durability {
  /** {w:0, j:false}: fire and forget; the vSAN paper's "w0j0". */
  THROUGHPUT(WriteConcern.UNACKNOWLEDGED.withJournal(false)),
  /** {w:1, j:false}: acknowledged by the primary's memory; the containers paper's "balanced". */
  BALANCED(WriteConcern.W1.withJournal(false)),
  /** {w:"majority", j:false}: acknowledged by a majority's memory. */
  BALANCED_MAJORITY(WriteConcern.MAJORITY.withJournal(false)),
  /** {w:1, j:true}: on the primary's journal; the vSAN baseline "w1j1". */
  DURABLE(WriteConcern.W1.withJournal(true)),
  /** {w:"majority", j:true}: on a majority's journals. */
  DURABLE_MAJORITY(WriteConcern.MAJORITY.withJournal(true));

  private final WriteConcern writeConcern;

  Durability(WriteConcern writeConcern) {
    this.writeConcern = writeConcern;
  }

  public WriteConcern writeConcern() {
    return writeConcern;
  }

  /** The property value naming this profile, e.g. {@code balanced-majority}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
