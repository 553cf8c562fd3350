package dev.refarch.platform.santricity.api;

/**
 * The two API generations this client speaks, named after NetApp's swagger files. They differ
 * where this adapter cares in three places: the SSD cache resource ({@code ssd-caches} only in
 * 12.0x), the shape of {@code action-progress} (a list in 11.9x, one object in 12.0x) and drive
 * replacement ({@code drives/{id}/replace} only in 12.0x).
 */
public enum ApiGeneration {
  V11_9X("11.9x"),
  V12_0X("12.0x");

  private final String label;

  ApiGeneration(String label) {
    this.label = label;
  }

  /** {@code 11.9x} or {@code 12.0x}. */
  public String label() {
    return label;
  }

  /** The generation labelled {@code label}, or {@code null}. */
  public static ApiGeneration fromLabel(String label) {
    for (ApiGeneration g : values()) {
      if (g.label.equals(label)) {
        return g;
      }
    }
    return null;
  }
}
