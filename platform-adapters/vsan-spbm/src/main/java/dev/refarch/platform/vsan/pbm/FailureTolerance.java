package dev.refarch.platform.vsan.pbm;

/**
 * vSAN's failure tolerance method: mirroring or erasure coding. PBM has one rule for it,
 * {@code replicaPreference}; RAID-5 and RAID-6 are the same rule told apart by failures to
 * tolerate (RAID-5 tolerates 1 and needs 4 hosts, RAID-6 tolerates 2 and needs 6).
 */
public enum FailureTolerance {
  /** Mirroring: FTT+1 copies; any FTT from 0 to 3. */
  RAID1("RAID-1 (Mirroring) - Performance", null),
  /** Erasure coding 3+1; FTT must be 1. */
  RAID5("RAID-5/6 (Erasure Coding) - Capacity", 1),
  /** Erasure coding 4+2; FTT must be 2. */
  RAID6("RAID-5/6 (Erasure Coding) - Capacity", 2);

  private final String replicaPreference;
  private final Integer requiredFtt;

  FailureTolerance(String replicaPreference, Integer requiredFtt) {
    this.replicaPreference = replicaPreference;
    this.requiredFtt = requiredFtt;
  }

  /** The value of the {@code VSAN.replicaPreference} rule. */
  public String replicaPreference() {
    return replicaPreference;
  }

  /** The only FTT this method can satisfy, or {@code null} when any is fine. */
  public Integer requiredFtt() {
    return requiredFtt;
  }

  /** Whether this is erasure coding. */
  public boolean erasureCoding() {
    return requiredFtt != null;
  }

  /** The method a policy's {@code replicaPreference} and FTT describe. */
  static FailureTolerance of(String replicaPreference, Integer ftt) {
    if (!replicaPreference.contains("RAID-5/6")) {
      return RAID1;
    }
    return ftt != null && ftt == 2 ? RAID6 : RAID5;
  }
}
