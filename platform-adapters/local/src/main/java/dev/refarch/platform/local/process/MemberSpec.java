package dev.refarch.platform.local.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How one member process is started: name, role, port, directory and command line.
 *
 * <p>Immutable and thread-safe. Every member gets {@code --bind_ip 127.0.0.1}, its port, absolute
 * {@code --logpath} (appended to on restart) and {@code --pidfilepath}, no Unix socket, and —
 * for {@code mongod} — its {@code --dbpath}; {@code options} follow (replica set, cache size,
 * extra arguments).
 *
 * @param name unique member name, e.g. {@code rs0-1}, {@code shard1-0}, {@code mongos-0}
 * @param role what the member is for
 * @param group the replica set name for replica set members ({@code rs0}, {@code shard0},
 *     {@code config}), {@code standalone} for a standalone, {@code null} for routers
 * @param port TCP port on 127.0.0.1
 * @param dir the member's own directory; data, log, pid file and console output live in it
 * @param binary the {@code mongod} or {@code mongos} executable
 * @param options arguments after the common ones
 */
public record MemberSpec(String name, Role role, String group, int port, Path dir, Path binary,
    List<String> options) {

  /** The only address members listen on. */
  public static final String HOST = "127.0.0.1";

  public MemberSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(role, "role");
    if (role != Role.ROUTER) {
      Objects.requireNonNull(group, "group");
    }
    if (port < 1 || port > 65_535) {
      throw new IllegalArgumentException("port " + port + " is not in 1..65535");
    }
    dir = dir.toAbsolutePath();
    binary = binary.toAbsolutePath();
    options = List.copyOf(options);
  }

  /** {@code 127.0.0.1:port}, as replica set configurations and seed lists name it. */
  public String hostAndPort() {
    return HOST + ":" + port;
  }

  public Path dbPath() {
    return dir.resolve("data");
  }

  public Path logPath() {
    return dir.resolve(process() + ".log");
  }

  public Path pidPath() {
    return dir.resolve(process() + ".pid");
  }

  /** Standard output and error: where {@code mongod} writes what it says before logging starts. */
  public Path consolePath() {
    return dir.resolve("console.out");
  }

  /** {@code mongos} or {@code mongod}. */
  public String process() {
    return role == Role.ROUTER ? "mongos" : "mongod";
  }

  /** The full command line. */
  public List<String> command() {
    List<String> command = new ArrayList<>(List.of(binary.toString(),
        "--bind_ip", HOST, "--port", String.valueOf(port),
        "--logpath", logPath().toString(), "--logappend",
        "--pidfilepath", pidPath().toString(),
        "--nounixsocket"));
    if (role != Role.ROUTER) {
      command.addAll(List.of("--dbpath", dbPath().toString()));
    }
    command.addAll(options);
    return command;
  }
}
