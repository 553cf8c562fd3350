package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Cuts TCP connections with the kernel's packet filter, each cut a chain of {@code iptables}
 * rules of its own ({@code RF-<name>}) jumped to from {@code OUTPUT} in one network namespace:
 * a member's own (entered with {@code nsenter -t <pid> -n}, so that only that container's
 * traffic is filtered) or this machine's, for the clients that run here.
 *
 * <p>A cut drops every packet to the cut endpoint's address and port and every packet from it:
 * the connections the namespace opened to it, both ways, established ones included. Connections
 * opened the other way (to the namespace's own listening port) are untouched, so a cut has a
 * direction. An origin narrows a cut to packets from and to one address, which tells this
 * machine's clients from the peers whose traffic a published port relays. A redirect
 * ({@link #redirect}) sends this machine's connections to a member through a proxy instead. Why
 * by hand: the kernel's interface is the {@code iptables} command; no Java library drives it,
 * and Docker has no per-peer filter.
 *
 * <p>Needs {@code nsenter} and {@code iptables} on the path, the right to enter other namespaces
 * (root) and the engine on this machine (its containers' processes visible here) —
 * {@link #unavailableReason} says which is missing. Thread-safe: each call runs its commands
 * and waits for them ({@code iptables -w} waits for the kernel's table lock).
 */
final class NetworkCuts {

  /** Where a chain is jumped to from: packets leaving and packets arriving. */
  private static final List<String> HOOKS = List.of("OUTPUT", "INPUT");

  /** How long one {@code iptables} call may take. */
  private static final long TIMEOUT_SECONDS = 30;

  /** One endpoint connections are made to, as the kernel sees them: an IPv4 address and port. */
  record Endpoint(String ip, int port) {
    @Override
    public String toString() {
      return ip + ":" + port;
    }
  }

  private NetworkCuts() {
  }

  /**
   * Why cuts cannot be made here, or {@code null}: {@code nsenter} and {@code iptables} must be
   * on the path and this process root.
   */
  static String unavailableReason() {
    List<String> missing = new ArrayList<>();
    for (String tool : List.of("nsenter", "iptables", "iptables-restore")) {
      if (tool(tool) == null) {
        missing.add(tool);
      }
    }
    if (!missing.isEmpty()) {
      return "network cuts need " + String.join(", ", missing) + " on the PATH (util-linux,"
          + " iptables)";
    }
    if (!isRoot()) {
      return "network cuts enter the members' network namespaces and filter their packets,"
          + " which needs root (this process runs as uid " + uid() + ")";
    }
    return null;
  }

  /**
   * Drops the connections {@code pid}'s network namespace opens to any of {@code endpoints}
   * (this machine's own namespace when {@code pid} is 0), as chain {@code chain}; replaces a chain
   * of that name. Two rules per endpoint, jumped to from {@code OUTPUT} and {@code INPUT}: what
   * the namespace sends to the endpoint, and what comes back from it. Stateless on purpose: the
   * kernel's connection tracking, started in a namespace by the first rule that asks for it,
   * takes a connection already open for one going the other way when the first packet it sees
   * is the answer, and would let it through.
   *
   * @param origin the source address the connections must have, or {@code null} for any (this
   *     machine's clients connect from the address they connect to)
   * @throws PlatformException naming the command that failed and what it printed
   */
  static void cut(int pid, String chain, List<Endpoint> endpoints, String origin) {
    StringBuilder rules = new StringBuilder("*filter\n");
    if (exists(pid, chain)) {
      HOOKS.forEach(hook -> rules.append("-D ").append(hook).append(" -j ").append(chain)
          .append('\n'));
    }
    rules.append(':').append(chain).append(" - [0:0]\n"); // made, or emptied if it was there
    for (Endpoint e : endpoints) {
      String port = String.valueOf(e.port());
      String to = "-d " + e.ip() + " --dport " + port + (origin == null ? "" : " -s " + origin);
      String from = "-s " + e.ip() + " --sport " + port + (origin == null ? "" : " -d " + origin);
      for (String match : List.of(to, from)) {
        rules.append("-A ").append(chain).append(" -p tcp ").append(match)
            .append(" -m comment --comment ycsb-mongo-refarch -j DROP\n");
      }
    }
    HOOKS.forEach(hook -> rules.append("-I ").append(hook).append(" -j ").append(chain)
        .append('\n'));
    restore(pid, rules.append("COMMIT\n").toString());
  }

  /** Removes chain {@code chain} and its jumps, if they exist, in one commit. */
  static void lift(int pid, String chain) {
    lift(pid, "filter", chain, HOOKS);
  }

  private static void lift(int pid, String table, String chain, List<String> hooks) {
    if (!exists(pid, table, chain)) {
      return;
    }
    StringBuilder rules = new StringBuilder("*" + table + "\n");
    hooks.forEach(hook -> rules.append("-D ").append(hook).append(" -j ").append(chain)
        .append('\n'));
    rules.append("-F ").append(chain).append("\n-X ").append(chain).append("\nCOMMIT\n");
    restore(pid, rules.toString());
  }

  /**
   * Sends the connections this machine's own processes open to {@code redirects}' original
   * endpoints to their new ones instead, as chain {@code chain} of the {@code nat} table jumped
   * to first from {@code OUTPUT}; replaces a chain of that name. Only this machine's outgoing
   * connections pass {@code OUTPUT}: a container's, relayed by a published port, arrive through
   * {@code PREROUTING} and keep their way. Connections already open are not redirected (the
   * kernel translates a connection's addresses once, at its first packet); here they were seen
   * reset at their next use, so a caller sets the redirect up before it connects.
   *
   * @throws PlatformException naming the command that failed and what it printed
   */
  static void redirect(String chain, List<Redirect> redirects) {
    StringBuilder rules = new StringBuilder("*nat\n");
    if (exists(0, "nat", chain)) {
      rules.append("-D OUTPUT -j ").append(chain).append('\n');
    }
    rules.append(':').append(chain).append(" - [0:0]\n");
    for (Redirect r : redirects) {
      rules.append("-A ").append(chain).append(" -p tcp -d ").append(r.from().ip())
          .append(" --dport ").append(r.from().port())
          .append(" -m comment --comment ycsb-mongo-refarch -j DNAT --to-destination ")
          .append(r.to()).append('\n');
    }
    rules.append("-I OUTPUT -j ").append(chain).append("\nCOMMIT\n");
    restore(0, rules.toString());
  }

  /** Removes {@link #redirect}'s chain {@code chain} and its jump, if they exist. */
  static void liftRedirect(String chain) {
    lift(0, "nat", chain, List.of("OUTPUT"));
  }

  /** Whether {@link #redirect}'s chain {@code chain} exists in this machine's namespace. */
  static boolean redirects(String chain) {
    return exists(0, "nat", chain);
  }

  /** Connections to {@code from} sent to {@code to}. */
  record Redirect(Endpoint from, Endpoint to) {
  }

  /**
   * Applies {@code rules} with {@code iptables-restore --noflush}: all of them in one commit, or
   * none — one process per namespace however many rules, so that a cut takes effect at once.
   */
  private static void restore(int pid, String rules) {
    Result r = run(pid, "iptables-restore", List.of("--noflush"), rules);
    if (!r.ok()) {
      throw new PlatformException(String.join(" ", r.command()) + " <<" + rules.replace('\n', ';'),
          r.output().strip());
    }
  }

  /** Whether chain {@code chain} exists in {@code pid}'s namespace. */
  static boolean exists(int pid, String chain) {
    return exists(pid, "filter", chain);
  }

  private static boolean exists(int pid, String table, String chain) {
    return run(pid, List.of("-t", table, "-n", "-L", chain)).ok();
  }

  /** The chains of this class ({@code RF-…}) in {@code pid}'s namespace. */
  static List<String> chains(int pid) {
    Result r = run(pid, List.of("-S"));
    if (!r.ok()) {
      throw new PlatformException(String.join(" ", r.command()), r.output().strip());
    }
    return r.output().lines().filter(l -> l.startsWith("-N RF-")).map(l -> l.substring(3))
        .toList();
  }

  /** The packets chain {@code chain} dropped so far, by the kernel's counters; 0 without it. */
  static long dropped(int pid, String chain) {
    Result r = run(pid, List.of("-n", "-v", "-x", "-L", chain));
    if (!r.ok()) {
      return 0;
    }
    long packets = 0;
    for (String line : r.output().split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 2 && f[0].matches("\\d+") && "DROP".equals(f[2])) {
        packets += Long.parseLong(f[0]);
      }
    }
    return packets;
  }

  /** A chain name for cutting {@code member}: at most 28 characters, as iptables allows. */
  static String chain(String kind, String member) {
    String name = "RF-" + kind + "-" + member.replaceAll("[^A-Za-z0-9_-]", "_");
    return name.length() <= 28 ? name : name.substring(0, 28);
  }

  private record Result(List<String> command, boolean ok, String output) {
  }

  private static Result run(int pid, List<String> args) {
    return run(pid, "iptables", args, null);
  }

  private static Result run(int pid, String program, List<String> args, String input) {
    List<String> command = new ArrayList<>();
    if (pid > 0) {
      command.addAll(List.of(tool("nsenter"), "-t", String.valueOf(pid), "-n"));
    }
    command.addAll(List.of(tool(program), "-w"));
    command.addAll(args);
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      try (var stdin = p.getOutputStream()) {
        if (input != null) {
          stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new PlatformException(String.join(" ", command), "no answer in " + TIMEOUT_SECONDS
            + " s");
      }
      return new Result(command, p.exitValue() == 0, out);
    } catch (IOException e) {
      throw new PlatformException(String.join(" ", command), e.toString(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException(String.join(" ", command), "interrupted", e);
    }
  }

  /** {@code tool}'s path: on the PATH, else in {@code /usr/sbin} or {@code /sbin}; or null. */
  private static String tool(String tool) {
    String path = System.getenv("PATH");
    List<String> dirs = new ArrayList<>(List.of((path == null ? "" : path).split(":")));
    dirs.addAll(List.of("/usr/sbin", "/sbin"));
    return dirs.stream().filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool))
        .filter(Files::isExecutable).map(Path::toString).findFirst().orElse(null);
  }

  private static boolean isRoot() {
    return "0".equals(uid());
  }

  /** The real uid of this process, from {@code /proc/self/status}; "?" when unreadable. */
  private static String uid() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.substring(4).trim().split("\\s+")[0];
        }
      }
    } catch (IOException e) {
      return "?";
    }
    return "?";
  }
}
