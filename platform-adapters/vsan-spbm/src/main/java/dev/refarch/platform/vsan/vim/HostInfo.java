package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.vsan.soap.MoRef;
import java.util.Objects;

/**
 * An ESXi host's state at the time it was read.
 *
 * @param ref the host's reference
 * @param name the host's name in the inventory (normally its FQDN or IP)
 * @param connectionState {@code connected}, {@code disconnected} or {@code notResponding}
 * @param powerState {@code poweredOn}, {@code poweredOff}, {@code standBy} or {@code unknown}
 * @param inMaintenanceMode whether the host is in maintenance mode
 */
public record HostInfo(MoRef ref, String name, String connectionState, String powerState,
    boolean inMaintenanceMode) {

  public HostInfo {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(name, "name");
  }
}
