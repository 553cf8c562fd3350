package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.UndoAll;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Bandwidth;
import eu.rekawek.toxiproxy.model.toxic.Latency;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * This machine's connections to a container cluster's members, each member's through a proxy of
 * a {@link Toxiproxy} server, so that {@code delay} and {@code bandwidth} faults slow what this
 * machine's clients send and receive and leave the members' own traffic (replication,
 * heartbeats, elections) alone — a slow client network, not a slow member.
 *
 * <p>How traffic is told apart: clients and peers name a member by the same address (its
 * replica-set configuration's), so no address or name can split them; where the connections
 * come from does. A redirect in this machine's {@code nat} table ({@link NetworkCuts#redirect})
 * sends every connection a process here opens to a member's published port to that member's
 * proxy on 127.0.0.1; the proxy connects to the member's own address on the cluster's network,
 * which passes no published port and so no redirect. The members' connections to each other
 * arrive from their containers and never pass this machine's {@code OUTPUT} chain. The clients
 * need no change: the same connection string, the same addresses.
 *
 * <p>Set up when the cluster starts, before any client connects: the kernel translates a
 * connection's addresses at its first packet only, so a proxy added later would miss the
 * connections the clients already hold (here those were reset at their next use, so the members'
 * own direct connections, opened while the cluster started, are reopened after it). Without a
 * toxic a proxy only relays; what that costs is measured in {@code src/docs/benchmarks.md}.
 * Needs a Docker engine on this machine, root and {@code iptables} (as the packet filters do),
 * and Toxiproxy.
 *
 * <p>Thread-safe: every method is synchronized; {@link #close()} is idempotent.
 */
final class ClientProxies implements AutoCloseable {

  private static final String DELAY = "delay";
  private static final String BANDWIDTH_DOWN = "bandwidth-down";
  private static final String BANDWIDTH_UP = "bandwidth-up";

  private final Toxiproxy server;
  private final String chain;
  private final Map<String, Proxy> proxies;
  private boolean closed; // guarded by this

  private ClientProxies(Toxiproxy server, String chain, Map<String, Proxy> proxies) {
    this.server = server;
    this.chain = chain;
    this.proxies = proxies;
  }

  /** Why client proxies cannot be set up here, or {@code null}. */
  static String unavailableReason() {
    String cuts = NetworkCuts.unavailableReason();
    return cuts != null ? "the client proxy redirects as the packet filters do: " + cuts
        : Toxiproxy.unavailableReason();
  }

  /**
   * Starts a Toxiproxy server, one proxy per member of {@code nodes}, and the redirect that sends
   * this machine's connections to them through it; on a failure undoes what it did.
   *
   * @throws PlatformException naming what could not be set up
   */
  static ClientProxies start(Collection<MongoNode> nodes) {
    String reason = unavailableReason();
    if (reason != null) {
      throw new PlatformException("set up the client proxy", reason);
    }
    for (MongoNode node : nodes) {
      node.pid(); // refuses an engine elsewhere: its members' addresses are not this machine's
    }
    Toxiproxy server = Toxiproxy.start();
    // this machine's namespace is shared by every cluster here: named by a published port
    String chain = NetworkCuts.chain("px", String.valueOf(nodes.iterator().next()
        .externalPort()));
    try {
      Map<String, Proxy> proxies = new LinkedHashMap<>();
      List<NetworkCuts.Redirect> redirects = new ArrayList<>();
      for (MongoNode node : nodes) {
        Proxy proxy = server.api().createProxy(node.name(), "127.0.0.1:0",
            upstream(node).toString());
        proxies.put(node.name(), proxy);
        redirects.add(new NetworkCuts.Redirect(node.clientEndpoint(), listen(proxy)));
      }
      NetworkCuts.redirect(chain, redirects);
      nodes.forEach(MongoNode::reopenDirectClient);
      return new ClientProxies(server, chain, proxies);
    } catch (IOException | RuntimeException e) {
      server.close();
      try {
        NetworkCuts.liftRedirect(chain);
      } catch (RuntimeException again) {
        e.addSuppressed(again);
      }
      throw e instanceof PlatformException p ? p
          : new PlatformException("set up the client proxy", e.toString(), e);
    }
  }

  private static NetworkCuts.Endpoint upstream(MongoNode node) {
    return node.networkEndpoint("proxy " + node.name() + "'s client traffic");
  }

  /** The address a proxy listens on, as the server reports it after binding port 0. */
  private static NetworkCuts.Endpoint listen(Proxy proxy) {
    String listen = proxy.getListen();
    int colon = listen.lastIndexOf(':');
    return new NetworkCuts.Endpoint(listen.substring(0, colon),
        Integer.parseInt(listen.substring(colon + 1)));
  }

  /**
   * What the platform state records: the server, the CPU time its process used since the
   * cluster started (the harness's own cost: it runs on this machine beside the members), and
   * each member's proxy.
   */
  synchronized Map<String, String> facts() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("clientProxy", "Toxiproxy " + Toxiproxy.VERSION + ", API on " + server.address());
    server.cpuTime().ifPresent(cpu -> facts.put("clientProxy.cpuSeconds",
        String.format(java.util.Locale.ROOT, "%.3f", cpu.toNanos() / 1e9)));
    proxies.forEach((name, proxy) -> facts.put("member." + name + ".clientProxy",
        proxy.getListen() + " -> " + proxy.getUpstream()));
    return facts;
  }

  /**
   * Holds back every answer {@code member} sends to this machine's connections by {@code ms}
   * (± {@code jitterMs}, uniformly), so each request and answer takes {@code ms} longer.
   *
   * @return what was done, for the fault's event
   * @throws PlatformException when the member's client traffic is already delayed, or the
   *     server refused
   */
  synchronized String delay(String member, int ms, int jitterMs) {
    Proxy proxy = proxy(member);
    refuseTwice(proxy, "delay " + member, DELAY, member + "'s client traffic is already delayed");
    call("delay " + member, () -> proxy.toxics().latency(DELAY, ToxicDirection.DOWNSTREAM, ms)
        .setJitter(jitterMs));
    return "every answer to this machine's clients held back " + ms + " ms"
        + (jitterMs > 0 ? " ± " + jitterMs + " ms" : "") + " by its client proxy";
  }

  /**
   * Caps {@code member}'s traffic with this machine's connections at {@code kiloBytesPerSecond}
   * (1000 bytes) each way, as Toxiproxy's {@code bandwidth} toxic counts.
   *
   * @return what was done, for the fault's event
   * @throws PlatformException when its client traffic is already capped, or the server refused
   */
  synchronized String bandwidth(String member, long kiloBytesPerSecond) {
    Proxy proxy = proxy(member);
    refuseTwice(proxy, "bandwidth " + member, BANDWIDTH_DOWN,
        member + "'s client traffic is already capped");
    call("cap " + member + "'s bandwidth", () -> {
      proxy.toxics().bandwidth(BANDWIDTH_DOWN, ToxicDirection.DOWNSTREAM, kiloBytesPerSecond);
      try {
        return proxy.toxics().bandwidth(BANDWIDTH_UP, ToxicDirection.UPSTREAM,
            kiloBytesPerSecond);
      } catch (IOException e) {
        proxy.toxics().get(BANDWIDTH_DOWN).remove(); // both ways or neither
        throw e;
      }
    });
    return "its traffic with this machine's clients capped at " + kiloBytesPerSecond
        + " kB/s each way by its client proxy";
  }

  /**
   * Removes every toxic from {@code member}'s proxy, all of them even when one fails.
   *
   * @return each toxic removed, e.g. {@code latency 100 ms}
   * @throws PlatformException naming the first that could not be removed
   */
  synchronized List<String> lift(String member) {
    Proxy proxy = proxy(member);
    List<String> lifted = new ArrayList<>();
    UndoAll undo = new UndoAll();
    for (Toxic toxic : call("list " + member + "'s toxics", () -> proxy.toxics().getAll())) {
      undo.attempt("remove toxic " + toxic.getName() + " of " + member, () -> call("remove",
          () -> {
            toxic.remove();
            return lifted.add(describe(toxic));
          }));
    }
    undo.throwIfFailed();
    return lifted;
  }

  /** The toxics on {@code member}'s proxy now, as the server lists them. */
  synchronized List<String> toxics(String member) {
    Proxy proxy = proxy(member);
    return call("list " + member + "'s toxics", () -> proxy.toxics().getAll()).stream()
        .map(ClientProxies::describe).toList();
  }

  /**
   * Points {@code node}'s proxy at its address now — the engine may give a restarted or
   * reconnected container another one.
   */
  synchronized void follow(MongoNode node) {
    Proxy proxy = proxy(node.name());
    String now = upstream(node).toString();
    if (!now.equals(proxy.getUpstream())) {
      call("point " + node.name() + "'s proxy at " + now, () -> {
        proxy.setUpstream(now);
        return now;
      });
    }
  }

  /** Whether the server runs and the redirect is in place. */
  synchronized boolean isUp() {
    return server.isAlive() && NetworkCuts.redirects(chain);
  }

  /** Lifts the redirect, then stops the server; both even when one fails. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    UndoAll undo = new UndoAll();
    undo.attempt("lift redirect " + chain, () -> NetworkCuts.liftRedirect(chain));
    undo.attempt("stop Toxiproxy on " + server.address(), server::close);
    undo.throwIfFailed();
  }

  private Proxy proxy(String member) {
    Proxy proxy = proxies.get(member);
    if (proxy == null) {
      throw new PlatformException("client proxy of " + member, "no such member; proxied: "
          + proxies.keySet());
    }
    return proxy;
  }

  /** Refuses {@code doing} when the proxy holds {@code toxic} already, saying {@code why}. */
  private static void refuseTwice(Proxy proxy, String doing, String toxic, String why) {
    boolean there = call(doing, () -> proxy.toxics().getAll()).stream()
        .anyMatch(t -> t.getName().equals(toxic));
    if (there) {
      throw new PlatformException(doing, why + "; restore-network first");
    }
  }

  private static String describe(Toxic toxic) {
    if (toxic instanceof Latency l) {
      return "latency " + l.getLatency() + " ms" + (l.getJitter() > 0 ? " ± " + l.getJitter()
          + " ms" : "");
    }
    if (toxic instanceof Bandwidth b) {
      return "bandwidth " + b.getRate() + " kB/s " + b.getStream().name()
          .toLowerCase(java.util.Locale.ROOT);
    }
    return toxic.getName();
  }

  /** A call of the server's API. */
  private interface Call<T> {
    T run() throws IOException;
  }

  private static <T> T call(String doing, Call<T> call) {
    try {
      return call.run();
    } catch (IOException e) {
      throw new PlatformException("Toxiproxy: " + doing, e.getMessage(), e);
    }
  }
}
