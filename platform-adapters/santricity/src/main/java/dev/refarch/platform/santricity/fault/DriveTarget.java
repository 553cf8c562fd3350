package dev.refarch.platform.santricity.fault;

import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Which drive a fault aims at: a drive id, {@code slot:<n>} (unique across trays), or
 * {@code pool:<name>} — for {@code fail-drive} the pool's optimal drive in the highest slot, for
 * {@code replace-drive} the pool's failed drive. Resolved when the fault fires.
 *
 * @param text the target as given
 */
record DriveTarget(String text) {

  static final String ALLOWED = "a drive id, slot:<n> or pool:<name>";

  /** The drive to fail: optimal and in a pool or SSD cache. */
  Drive forFailure(List<Drive> drives, List<Pool> pools) {
    Drive drive = resolve(drives, pools, Drive::isOptimal, "an optimal drive");
    if (!drive.isOptimal()) {
      throw error(drives, "the drive is " + drive.status() + ", not optimal");
    }
    if (drive.currentVolumeGroupRef() == null || drive.currentVolumeGroupRef().matches("0*")) {
      throw error(drives, drive.describe() + " is in no pool; failing it tests no recovery");
    }
    return drive;
  }

  /** The failed drive to replace. */
  Drive forReplacement(List<Drive> drives, List<Pool> pools) {
    Drive drive = resolve(drives, pools, Drive::isFailed, "a failed drive");
    if (!drive.isFailed()) {
      throw error(drives, drive.describe() + " has not failed; replace-drive replaces failed drives");
    }
    return drive;
  }

  private Drive resolve(List<Drive> drives, List<Pool> pools, Predicate<Drive> wanted,
      String what) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (lower.startsWith("pool:")) {
      String name = text.substring("pool:".length());
      Pool pool = pools.stream().filter(p -> name.equals(p.name())).findFirst()
          .orElseThrow(() -> new ConfigurationException("target", text, "pool:<name> of an "
              + "existing pool: " + pools.stream().map(Pool::name).sorted()
              .collect(Collectors.joining(", ")), Suggestions.closest(name,
              pools.stream().map(Pool::name).collect(Collectors.toList()))
              .map(c -> "did you mean 'pool:" + c + "'?").orElse(null)));
      return drives.stream().filter(d -> d.belongsTo(pool.volumeGroupRef())).filter(wanted)
          .max(Drive.BY_LOCATION)
          .orElseThrow(() -> error(drives, "pool '" + name + "' has no " + what));
    }
    if (lower.startsWith("slot:")) {
      int slot = parseSlot(drives);
      List<Drive> atSlot = drives.stream().filter(d -> d.slot() == slot)
          .sorted(Comparator.comparing(Drive::id)).collect(Collectors.toList());
      if (atSlot.size() != 1) {
        throw error(drives, atSlot.isEmpty() ? "no drive sits in slot " + slot
            : "slot " + slot + " exists in several trays; name the drive by id: "
                + atSlot.stream().map(Drive::describe).collect(Collectors.joining("; ")));
      }
      return atSlot.get(0);
    }
    Optional<Drive> byId = drives.stream()
        .filter(d -> text.equals(d.id()) || text.equals(d.driveRef())).findFirst();
    return byId.orElseThrow(() -> error(drives, Suggestions.closest(text,
        drives.stream().map(Drive::id).collect(Collectors.toList()))
        .map(c -> "did you mean '" + c + "'?").orElse("no drive has this id")));
  }

  private int parseSlot(List<Drive> drives) {
    try {
      return Integer.parseInt(text.substring("slot:".length()).trim());
    } catch (NumberFormatException e) {
      throw error(drives, "slot:<n> takes a slot number");
    }
  }

  private ConfigurationException error(List<Drive> drives, String hint) {
    String known = drives.stream().limit(60).map(Drive::id).collect(Collectors.joining(", "));
    return new ConfigurationException("target", text, ALLOWED + "; drives: " + known
        + (drives.size() > 60 ? ", …" : ""), hint);
  }
}
