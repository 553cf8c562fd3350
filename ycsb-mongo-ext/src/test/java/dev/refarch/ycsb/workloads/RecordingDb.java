package dev.refarch.ycsb.workloads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Test double that records every call a workload makes (or, given a delegate, forwards it and
 * records the answer), so tests can check which keys, lengths and values were asked for.
 */
final class RecordingDb extends DB {

  /** One call: the operation, the key, the scan length (0 otherwise), the values, the answer. */
  record Call(String operation, String key, int length, Set<String> fields,
      Map<String, ByteIterator> values, Status status) {
  }

  private final DB delegate;
  final List<Call> calls = new ArrayList<>();

  RecordingDb() {
    this(null);
  }

  RecordingDb(DB delegate) {
    this.delegate = delegate;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status s = delegate == null ? Status.OK : delegate.read(table, key, fields, result);
    calls.add(new Call("READ", key, 0, fields, Map.of(), s));
    return s;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Status s = delegate == null ? Status.OK : delegate.scan(table, startkey, recordcount, fields, result);
    calls.add(new Call("SCAN", startkey, recordcount, fields, Map.of(), s));
    return s;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Status s = delegate == null ? Status.OK : delegate.update(table, key, values);
    calls.add(new Call("UPDATE", key, 0, null, values, s));
    return s;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Status s = delegate == null ? Status.OK : delegate.insert(table, key, values);
    calls.add(new Call("INSERT", key, 0, null, values, s));
    return s;
  }

  @Override
  public Status delete(String table, String key) {
    Status s = delegate == null ? Status.OK : delegate.delete(table, key);
    calls.add(new Call("DELETE", key, 0, null, Map.of(), s));
    return s;
  }
}
