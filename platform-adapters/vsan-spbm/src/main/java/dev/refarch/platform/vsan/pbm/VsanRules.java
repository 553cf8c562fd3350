package dev.refarch.platform.vsan.pbm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The vSAN rules of a storage policy that the studies vary. A {@code null} component means "not in
 * the policy" (vSAN's own default applies: FTT 1, stripe width 1, RAID-1, checksum on).
 *
 * <p>Immutable and thread-safe; the {@code withX} methods return copies.
 *
 * <pre>{@code
 * VsanRules a7 = VsanRules.none().withFailuresToTolerate(1).withChecksumDisabled(true).withStripeWidth(4);
 * }</pre>
 *
 * @param failuresToTolerate {@code hostFailuresToTolerate}, 0–3
 * @param stripeWidth {@code stripeWidth}, capacity disks per replica, 1–12
 * @param method {@code replicaPreference}: RAID-1, or RAID-5/6 (which fixes FTT to 1 or 2)
 * @param checksumDisabled {@code checksumDisabled}
 * @param proportionalCapacity {@code proportionalCapacity}, object space reservation in %, 0–100
 * @param cacheReservation {@code cacheReservation}, flash read cache in 1/10,000 % of the object,
 *     0–1,000,000
 * @param iopsLimit {@code iopsLimit}, IOPS per object, 0 (none) to 2,147,483,647
 */
public record VsanRules(Integer failuresToTolerate, Integer stripeWidth, FailureTolerance method,
    Boolean checksumDisabled, Integer proportionalCapacity, Integer cacheReservation,
    Integer iopsLimit) {

  /** PBM capability namespace of the vSAN rules. */
  public static final String NAMESPACE = "VSAN";

  /** The capability ids these rules cover, in the order they are written. */
  public static final List<String> RULE_IDS = List.of("hostFailuresToTolerate", "stripeWidth",
      "replicaPreference", "checksumDisabled", "proportionalCapacity", "cacheReservation",
      "iopsLimit");

  public VsanRules {
    check("hostFailuresToTolerate", failuresToTolerate, 0, 3);
    check("stripeWidth", stripeWidth, 1, 12);
    check("proportionalCapacity", proportionalCapacity, 0, 100);
    check("cacheReservation", cacheReservation, 0, 1_000_000);
    check("iopsLimit", iopsLimit, 0, Integer.MAX_VALUE);
    if (method != null && method.erasureCoding()) {
      if (failuresToTolerate == null) {
        failuresToTolerate = method.requiredFtt();
      } else if (!failuresToTolerate.equals(method.requiredFtt())) {
        throw new IllegalArgumentException(method + " cannot satisfy hostFailuresToTolerate="
            + failuresToTolerate + "; " + method + " needs " + method.requiredFtt()
            + " (RAID-5: FTT 1 on 4+ hosts, RAID-6: FTT 2 on 6+ hosts; RAID-1: FTT 0-3)");
      }
    }
  }

  private static void check(String rule, Integer value, int min, int max) {
    if (value != null && (value < min || value > max)) {
      throw new IllegalArgumentException(rule + "=" + value + " is not allowed; allowed: "
          + min + " to " + max);
    }
  }

  /** No rule at all. */
  public static VsanRules none() {
    return new VsanRules(null, null, null, null, null, null, null);
  }

  public VsanRules withFailuresToTolerate(Integer ftt) {
    return new VsanRules(ftt, stripeWidth, method, checksumDisabled, proportionalCapacity,
        cacheReservation, iopsLimit);
  }

  public VsanRules withStripeWidth(Integer width) {
    return new VsanRules(failuresToTolerate, width, method, checksumDisabled,
        proportionalCapacity, cacheReservation, iopsLimit);
  }

  public VsanRules withMethod(FailureTolerance tolerance) {
    return new VsanRules(failuresToTolerate, stripeWidth, tolerance, checksumDisabled,
        proportionalCapacity, cacheReservation, iopsLimit);
  }

  public VsanRules withChecksumDisabled(Boolean disabled) {
    return new VsanRules(failuresToTolerate, stripeWidth, method, disabled,
        proportionalCapacity, cacheReservation, iopsLimit);
  }

  public VsanRules withProportionalCapacity(Integer percent) {
    return new VsanRules(failuresToTolerate, stripeWidth, method, checksumDisabled, percent,
        cacheReservation, iopsLimit);
  }

  public VsanRules withCacheReservation(Integer reservation) {
    return new VsanRules(failuresToTolerate, stripeWidth, method, checksumDisabled,
        proportionalCapacity, reservation, iopsLimit);
  }

  public VsanRules withIopsLimit(Integer limit) {
    return new VsanRules(failuresToTolerate, stripeWidth, method, checksumDisabled,
        proportionalCapacity, cacheReservation, limit);
  }

  /** Whether no rule is set. */
  public boolean isEmpty() {
    return capabilities().isEmpty();
  }

  /**
   * The rules as PBM capability ids (namespace {@link #NAMESPACE}) to values — {@link Integer},
   * {@link Boolean} or {@link String} — in a stable order.
   */
  public Map<String, Object> capabilities() {
    Map<String, Object> out = new LinkedHashMap<>();
    put(out, "hostFailuresToTolerate", failuresToTolerate);
    put(out, "stripeWidth", stripeWidth);
    put(out, "replicaPreference", method == null ? null : method.replicaPreference());
    put(out, "checksumDisabled", checksumDisabled);
    put(out, "proportionalCapacity", proportionalCapacity);
    put(out, "cacheReservation", cacheReservation);
    put(out, "iopsLimit", iopsLimit);
    return out;
  }

  private static void put(Map<String, Object> out, String id, Object value) {
    if (value != null) {
      out.put(id, value);
    }
  }

  /**
   * The rules read back from capability id to value text, e.g. {@code stripeWidth → "4"}.
   *
   * @throws IllegalArgumentException when a value is out of range or not a number
   */
  public static VsanRules fromCapabilities(Map<String, String> values) {
    Integer ftt = integer(values.get("hostFailuresToTolerate"));
    String preference = values.get("replicaPreference");
    return new VsanRules(ftt, integer(values.get("stripeWidth")),
        preference == null ? null : FailureTolerance.of(preference, ftt),
        values.containsKey("checksumDisabled")
            ? Boolean.parseBoolean(values.get("checksumDisabled")) : null,
        integer(values.get("proportionalCapacity")), integer(values.get("cacheReservation")),
        integer(values.get("iopsLimit")));
  }

  private static Integer integer(String text) {
    return text == null ? null : Integer.valueOf(text.trim());
  }

  /**
   * A policy name that identifies these rules, e.g. {@code refarch-ftt1-sw4-raid1-checksum-off},
   * so that each rule set gets its own policy and applying one never edits another.
   */
  public String derivedName() {
    StringJoiner name = new StringJoiner("-", "refarch-", "");
    if (failuresToTolerate != null) {
      name.add("ftt" + failuresToTolerate);
    }
    if (stripeWidth != null) {
      name.add("sw" + stripeWidth);
    }
    if (method != null) {
      name.add(method.name().toLowerCase(Locale.ROOT));
    }
    if (checksumDisabled != null) {
      name.add(checksumDisabled ? "checksum-off" : "checksum-on");
    }
    if (proportionalCapacity != null) {
      name.add("osr" + proportionalCapacity);
    }
    if (cacheReservation != null) {
      name.add("cache" + cacheReservation);
    }
    if (iopsLimit != null) {
      name.add("iops" + iopsLimit);
    }
    return name.toString();
  }
}
