package dev.refarch.platform.vsan.vim;

import java.util.Comparator;
import java.util.List;

/**
 * Finds ESXi hosts and changes their state: maintenance mode, connection, power.
 *
 * <p>Thread-safe; every call reads fresh state from the server.
 *
 * <pre>{@code
 * HostInfo host = vim.hosts().all().get(0);
 * vim.hosts().enterMaintenance(host);
 * }</pre>
 */
public final class Hosts {

  private static final List<String> DETAILS = List.of("name", "runtime.connectionState",
      "runtime.powerState", "runtime.inMaintenanceMode");

  private final VimClient vim;

  Hosts(VimClient vim) {
    this.vim = vim;
  }

  /** Every host in the inventory, sorted by name. */
  public List<HostInfo> all() {
    return vim.properties().all("HostSystem", DETAILS).stream()
        .map(c -> new HostInfo(c.ref(), c.text("name"), c.text("runtime.connectionState"),
            c.text("runtime.powerState"), Boolean.parseBoolean(c.text("runtime.inMaintenanceMode"))))
        .sorted(Comparator.comparing(HostInfo::name)).toList();
  }

  /**
   * Enters maintenance mode; on vSAN the server's default data action applies (ensure object
   * accessibility).
   */
  public void enterMaintenance(HostInfo host) {
    vim.runTask("enter maintenance mode on " + host.name(), "EnterMaintenanceMode_Task",
        host.ref(), args -> args.text("timeout", "0"));
  }

  public void exitMaintenance(HostInfo host) {
    vim.runTask("exit maintenance mode on " + host.name(), "ExitMaintenanceMode_Task",
        host.ref(), args -> args.text("timeout", "0"));
  }

  /** Disconnects the host from vCenter; its VMs keep running but vCenter loses sight of them. */
  public void disconnect(HostInfo host) {
    vim.runTask("disconnect " + host.name(), "DisconnectHost_Task", host.ref(), args -> { });
  }

  /** Reconnects a disconnected host with the credentials vCenter already holds. */
  public void reconnect(HostInfo host) {
    vim.runTask("reconnect " + host.name(), "ReconnectHost_Task", host.ref(), args -> { });
  }

  /**
   * Shuts the host down, as a host failure does to its VMs.
   *
   * @param force shut down even when not in maintenance mode and VMs are running
   */
  public void shutdown(HostInfo host, boolean force) {
    vim.runTask("shut down " + host.name(), "ShutdownHost_Task", host.ref(),
        args -> args.text("force", Boolean.toString(force)));
  }

  /**
   * Whether the host can enter standby and be woken up again
   * ({@code capability.standbySupported}).
   */
  public boolean standbySupported(HostInfo host) {
    return Boolean.parseBoolean(vim.properties().of(host.ref(),
        List.of("capability.standbySupported")).text("capability.standbySupported"));
  }

  /**
   * Puts the host in standby ({@code PowerDownHostToStandBy_Task}, vim25 reference: the task
   * "completes only if there are no powered-on virtual machines on the host"; not every host
   * supports it — capability {@code standbySupported}). Powered-off VMs stay registered on the
   * host ({@code evacuatePoweredOffVms=false}), so that they can be powered on again after
   * {@link #powerUp}.
   */
  public void standby(HostInfo host) {
    long seconds = Math.max(1, vim.timeout().toSeconds());
    vim.runTask("put " + host.name() + " in standby", "PowerDownHostToStandBy_Task", host.ref(),
        args -> args.text("timeoutSec", Long.toString(seconds))
            .text("evacuatePoweredOffVms", "false"));
  }

  /**
   * Wakes a host from standby ({@code PowerUpHostFromStandBy_Task}; vCenter uses the wake
   * protocol configured for DPM: IPMI, iLO or Wake-on-LAN). The vim25 reference answers
   * {@code InvalidState} for a host "in a state from which it cannot be woken up (e.g.,
   * disconnected, poweredOff)": a host stopped by {@link #shutdown} needs its BMC or a hand.
   */
  public void powerUp(HostInfo host) {
    long seconds = Math.max(1, vim.timeout().toSeconds());
    vim.runTask("power up " + host.name(), "PowerUpHostFromStandBy_Task", host.ref(),
        args -> args.text("timeoutSec", Long.toString(seconds)));
  }
}
