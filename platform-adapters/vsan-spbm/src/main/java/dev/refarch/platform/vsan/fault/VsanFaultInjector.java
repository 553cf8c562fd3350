package dev.refarch.platform.vsan.fault;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.FaultEvent;
import dev.refarch.platform.spi.FaultInjector;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Suggestions;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.config.NamePattern;
import dev.refarch.platform.vsan.config.VsanSettings;
import dev.refarch.platform.vsan.vim.HostInfo;
import dev.refarch.platform.vsan.vim.Hosts;
import dev.refarch.platform.vsan.vim.VimClient;
import dev.refarch.platform.vsan.vim.VirtualMachines;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Fault injector {@code vsan}: powers VMs off and on, and fails ESXi hosts — standby (with their
 * VMs stopped hard) and wake-up, maintenance, disconnection, shutdown (studies A12 and B4). A
 * target is a VM or host name as {@link #members()} lists them; each action the vSphere API can
 * undo has a recovery action ({@link FaultAction#recovery()}) that a fault schedule fires later. Settings are the {@code vsan.*} connection settings.
 *
 * <p>Thread-safe: each injection opens its own session, so a fault schedule may fire from its own
 * thread while hooks work.
 *
 * <pre>{@code
 * FaultInjector vsan = new VsanFaultInjector(properties, System.getenv());
 * FaultEvent down = vsan.inject(Fault.of("host-standby", "esx-02.example.com"));
 * // ... measure interruption ...
 * vsan.inject(Fault.of("host-power-on", "esx-02.example.com"));   // host and its VMs back
 * }</pre>
 */
public final class VsanFaultInjector implements FaultInjector {

  private final Map<String, String> settings;
  private final Map<String, String> env;
  private final HostPower hostPower = new HostPower();

  /**
   * The injector as {@link java.util.ServiceLoader} creates it: {@code vsan.*} settings from JVM
   * system properties, credentials from the environment (the SPI passes no settings).
   */
  public VsanFaultInjector() {
    this(systemSettings(), System.getenv());
  }

  /** An injector on the given {@code vsan.*} settings and environment. */
  public VsanFaultInjector(Map<String, String> settings, Map<String, String> env) {
    VsanSettings.GROUP.validate(settings);
    this.settings = Map.copyOf(settings);
    this.env = Map.copyOf(env);
  }

  /** An injector with a trial's settings, as a fault schedule asks of the one ServiceLoader made. */
  @Override
  public dev.refarch.platform.spi.FaultInjector configure(Map<String, String> settings) {
    return new VsanFaultInjector(settings, env);
  }

  @Override
  public String name() {
    return "vsan";
  }

  @Override
  public Set<String> actions() {
    Set<String> out = new LinkedHashSet<>();
    Arrays.stream(FaultAction.values()).forEach(a -> out.add(a.label()));
    return out;
  }

  /** VM names (those matching {@code vsan.vms} when set), then host names, each sorted. */
  @Override
  public List<String> members() {
    try (VsanSession session = open()) {
      List<String> out = new ArrayList<>(vms(session.vim()).stream().map(VmInfo::name).toList());
      session.vim().hosts().all().forEach(h -> out.add(h.name()));
      return out;
    }
  }

  @Override
  public FaultEvent inject(Fault fault) {
    FaultAction action = FaultAction.of(fault.action()).orElseThrow(() ->
        new ConfigurationException("fault action", fault.action(), String.join(", ", actions()),
            Suggestions.closest(fault.action(), actions()).map(c -> "did you mean '" + c + "'?")
                .orElse(null)));
    try (VsanSession session = open()) {
      String detail = action.onVm() ? onVm(session.vim(), action, fault)
          : onHost(session.vim(), action, fault);
      return new FaultEvent(System.currentTimeMillis(), action.label(), fault.target(),
          fault.target(), detail);
    }
  }

  private String onVm(VimClient vim, FaultAction action, Fault fault) {
    List<VmInfo> vms = vms(vim);
    VmInfo vm = vms.stream().filter(v -> v.name().equals(fault.target())).findFirst()
        .orElseThrow(() -> unknownTarget(fault, "VM", vms.stream().map(VmInfo::name).toList()));
    VirtualMachines ops = vim.vms();
    if (action == FaultAction.VM_POWER_OFF) {
      ops.powerOff(vm);
    } else {
      ops.powerOn(vm);
    }
    return "vm " + vm.ref().value() + " was " + vm.powerState();
  }

  private String onHost(VimClient vim, FaultAction action, Fault fault) {
    Hosts hosts = vim.hosts();
    List<HostInfo> all = hosts.all();
    HostInfo host = all.stream().filter(h -> h.name().equals(fault.target())).findFirst()
        .orElseThrow(() -> unknownTarget(fault, "host", all.stream().map(HostInfo::name)
            .toList()));
    switch (action) {
      case HOST_STANDBY -> {
        return hostPower.standby(vim, host);
      }
      case HOST_POWER_ON -> {
        return hostPower.powerOn(vim, host);
      }
      case HOST_SHUTDOWN -> hosts.shutdown(host,
          Boolean.parseBoolean(fault.parameters().getOrDefault("force", "true")));
      case HOST_MAINTENANCE -> hosts.enterMaintenance(host);
      case HOST_EXIT_MAINTENANCE -> hosts.exitMaintenance(host);
      case HOST_DISCONNECT -> hosts.disconnect(host);
      case HOST_RECONNECT -> hosts.reconnect(host);
      default -> throw new IllegalStateException(action + " is not a host action");
    }
    return "host " + host.ref().value() + " was " + host.powerState() + "/"
        + host.connectionState() + (host.inMaintenanceMode() ? "/maintenance" : "");
  }

  private List<VmInfo> vms(VimClient vim) {
    NamePattern pattern = VsanSettings.VMS.from(settings);
    return vim.vms().find(name -> pattern == null || pattern.matches(name));
  }

  private static ConfigurationException unknownTarget(Fault fault, String kind,
      List<String> names) {
    return new ConfigurationException("fault target", fault.target(),
        kind + " names: " + (names.isEmpty() ? "none found" : String.join(", ", names)),
        Suggestions.closest(fault.target(), names).map(c -> "did you mean '" + c + "'?")
            .orElse(fault.action() + " needs a " + kind + " name"));
  }

  private VsanSession open() {
    return VsanSession.open(Connection.from(settings, env));
  }

  private static Map<String, String> systemSettings() {
    Properties properties = System.getProperties();
    Map<String, String> out = new HashMap<>();
    properties.stringPropertyNames().stream().filter(k -> k.startsWith(VsanSettings.GROUP.prefix()))
        .forEach(k -> out.put(k, properties.getProperty(k)));
    return out;
  }
}
