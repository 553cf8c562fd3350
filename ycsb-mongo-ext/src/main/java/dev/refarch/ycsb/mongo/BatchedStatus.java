package dev.refarch.ycsb.mongo;

import site.ycsb.Status;

/**
 * What a buffered insert of a batched load answers YCSB ({@code mongodb.batchedInsertStatus}).
 */
public enum BatchedStatus {
  /** YCSB's {@code BATCHED_OK}, as the stock binding answers: the document is not written yet. */
  BATCHED_OK(Status.BATCHED_OK),
  /**
   * {@code OK}, so that tools counting {@code Return=OK} (PerfKit Benchmarker does) count every
   * document; a batch that then fails is one {@code ERROR} in {@code [INSERT]}.
   */
  OK(Status.OK);

  private final Status status;

  BatchedStatus(Status status) {
    this.status = status;
  }

  /** The status a buffered insert answers. */
  public Status status() {
    return status;
  }

  /** The property value, e.g. {@code batched-ok}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
