package dev.refarch.ycsb.measure;

/** The operations a YCSB {@code DB} performs, as YCSB names them in its output. */
public enum Operation {
  READ("READ"),
  SCAN("SCAN"),
  UPDATE("UPDATE"),
  INSERT("INSERT"),
  DELETE("DELETE"),
  /** One bulk write of buffered inserts, measured per round trip. */
  INSERT_BATCH("INSERT-BATCH");

  private static final Operation[] ALL = values();

  private final String label;

  Operation(String label) {
    this.label = label;
  }

  /** YCSB's name, e.g. {@code READ} or {@code INSERT-BATCH}. */
  public String label() {
    return label;
  }

  /** The operation called {@code label}, or {@code null}. */
  public static Operation ofLabel(String label) {
    for (Operation op : ALL) {
      if (op.label.equals(label)) {
        return op;
      }
    }
    return null;
  }

  static int count() {
    return ALL.length;
  }

  static Operation at(int ordinal) {
    return ALL[ordinal];
  }
}
