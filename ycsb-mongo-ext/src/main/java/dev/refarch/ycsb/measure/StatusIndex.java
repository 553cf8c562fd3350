package dev.refarch.ycsb.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;

/**
 * Gives each YCSB status name a small array index, so per-thread counters are plain arrays.
 * YCSB's own statuses have fixed slots; a binding's custom statuses get the next free one.
 *
 * <p>Thread-safe: lookups are lock-free, new names are added under a lock.
 */
final class StatusIndex {

  /** Slots available; a binding inventing more statuses than this shares the last one. */
  static final int CAPACITY = 24;
  static final String OVERFLOW = "OTHER";

  private static final List<Status> KNOWN = List.of(Status.OK, Status.BATCHED_OK, Status.NOT_FOUND,
      Status.ERROR, Status.SERVICE_UNAVAILABLE, Status.UNEXPECTED_STATE, Status.BAD_REQUEST,
      Status.FORBIDDEN, Status.NOT_IMPLEMENTED);

  private final Map<String, Integer> byName = new ConcurrentHashMap<>();
  private final List<String> names = new ArrayList<>();
  private final boolean[] success = new boolean[CAPACITY];

  StatusIndex() {
    for (Status s : KNOWN) {
      add(s.getName());
    }
  }

  int indexOf(Status status) {
    if (status == Status.OK) {
      return 0;
    }
    Integer i = byName.get(status.getName());
    return i != null ? i : addUnknown(status.getName());
  }

  private synchronized int addUnknown(String name) {
    Integer i = byName.get(name);
    if (i != null) {
      return i;
    }
    if (names.size() == CAPACITY - 1) {
      return add(OVERFLOW);
    }
    return names.size() >= CAPACITY ? byName.get(OVERFLOW) : add(name);
  }

  private int add(String name) {
    success[names.size()] = isSuccess(name);
    names.add(name);
    byName.put(name, names.size() - 1);
    return names.size() - 1;
  }

  /** Whether the status at {@code index} is a success; an array read, for the hot path. */
  boolean isSuccess(int index) {
    return success[index];
  }

  synchronized String nameOf(int index) {
    return names.get(index);
  }

  /** Whether a status counts as a success in timelines: the operation did what was asked. */
  static boolean isSuccess(String name) {
    return name.equals("OK") || name.equals("BATCHED_OK") || name.equals("NOT_FOUND");
  }
}
