package dev.refarch.platform.vsan.config;

import dev.refarch.platform.vsan.vim.VirtualDisk;
import java.util.List;
import java.util.Locale;

/**
 * Which of a VM's disks hold MongoDB data and get the storage policy: {@code data} (every disk but
 * the first in bus order, which is normally the OS disk), {@code all}, or a list of disk labels
 * or globs such as {@code Hard disk 2,Hard disk 3}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param mode how disks are chosen
 * @param labels the labels for {@link Mode#LABELS}, else {@code null}
 */
public record DiskSelection(Mode mode, NamePattern labels) {

  /** How disks are chosen. */
  public enum Mode { DATA, ALL, LABELS }

  public static final String ALLOWED =
      "data (all disks but the first), all, or disk labels/globs such as 'Hard disk 2,Hard disk 3'";

  public static DiskSelection parse(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "data" -> new DiskSelection(Mode.DATA, null);
      case "all" -> new DiskSelection(Mode.ALL, null);
      default -> new DiskSelection(Mode.LABELS, NamePattern.parse(text));
    };
  }

  /** The chosen disks of one VM, in bus order; labels that match nothing are left to the caller. */
  public List<VirtualDisk> select(List<VirtualDisk> disks) {
    List<VirtualDisk> ordered = disks.stream().sorted(VirtualDisk.BUS_ORDER).toList();
    return switch (mode) {
      case ALL -> ordered;
      case DATA -> ordered.isEmpty() ? ordered : ordered.subList(1, ordered.size());
      case LABELS -> ordered.stream().filter(d -> labels.matches(d.label())).toList();
    };
  }

  @Override
  public String toString() {
    return mode == Mode.LABELS ? labels.toString() : mode.name().toLowerCase(Locale.ROOT);
  }
}
