package dev.refarch.testcontainers.cluster;

import dev.refarch.platform.local.blkio.BlockIoThrottle;
import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.platform.spi.config.Setting;
import dev.refarch.platform.spi.config.Suggestions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the container fault injector does to a member, the state the member must be in, the state
 * it leaves it in, and the parameters it takes. The names are the local provisioner's, so that a
 * fault schedule runs on either kind of cluster.
 */
enum ContainerFault {
  /** {@code replSetStepDown}: the primary hands over. */
  STEPDOWN(null, null),
  /** {@code docker kill}: SIGKILL to every process of the container, as in a crash. */
  KILL(null, Disruption.DOWN),
  /** {@code docker stop}: SIGTERM, SIGKILL after {@code timeoutSeconds}; a clean shutdown. */
  STOP(null, Disruption.DOWN),
  /** {@code docker start} of a killed or stopped member: same data, same port; back in its set. */
  RESTART(Disruption.DOWN, null),
  /** {@code docker pause}: every process frozen, as in a hung host. */
  PAUSE(null, Disruption.PAUSED),
  /** {@code docker unpause}. */
  RESUME(Disruption.PAUSED, null),
  /** Cut off the cluster's network: neither the other members nor clients reach it, nor it them. */
  PARTITION(null, Disruption.PARTITIONED),
  /**
   * Packet filters, the member running on: {@code from=peers} — it and every other member of the
   * cluster can no longer reach each other, while this machine's clients still reach it (the
   * case where a primary cut off from its majority acknowledges {@code w:1} writes that the next
   * election rolls back); {@code from=clients} — this machine's clients can no longer reach it,
   * its peers still can; {@code from=all} — both.
   */
  ISOLATE(null, Disruption.ISOLATED),
  /**
   * Packet filters, one way: the connections the member opens to each member of {@code to}
   * (names or roles, separated by {@code ,}) fail, while those members' connections to it work.
   */
  CUT(null, Disruption.ISOLATED),
  /**
   * Undoes a {@code partition} (reconnected to the network under its name and port) or an
   * {@code isolate} or {@code cut} (its packet filters removed); back in its set.
   */
  HEAL(Disruption.PARTITIONED, null),
  /**
   * The member's block I/O capped at {@code iops=} and/or {@code bps=} (each way) on the disk
   * under its data, by the kernel's throttle on its container's control group; it keeps running.
   */
  SLOW_DISK(null, null),
  /** Lifts a {@code slow-disk}; a role means the member that had it when its disk was slowed. */
  RESTORE_DISK(null, null),
  /**
   * Client traffic slowed: every answer the member sends to this machine's connections held
   * back {@code ms} (± {@code jitterMs}) by its client proxy ({@code testcontainers.clientProxy}),
   * so each request takes that much longer; its traffic with its peers is not slowed.
   */
  DELAY(null, null),
  /**
   * Client traffic capped at {@code bps} bytes per second each way (in whole kB/s of 1000 bytes,
   * as Toxiproxy counts) by its client proxy; its traffic with its peers is not capped.
   */
  BANDWIDTH(null, null),
  /**
   * Lifts every {@code delay} and {@code bandwidth} on a member; a role means the member that had
   * it when its traffic was slowed.
   */
  RESTORE_NETWORK(null, null);

  /** What a fault leaves a member as, until the matching fault undoes it. */
  enum Disruption {
    DOWN("down (killed or stopped)"),
    PAUSED("paused"),
    PARTITIONED("cut off (partitioned)"),
    ISOLATED("cut off by packet filters (isolate, cut)");

    final String label;

    Disruption(String label) {
      this.label = label;
    }
  }

  static final Setting<Integer> TIMEOUT_SECONDS = Setting.integer("timeoutSeconds", 30, 1, 3600,
      "how long finding the target and the fault taking effect may take; stop: the grace before"
          + " SIGKILL");
  static final Setting<Integer> SECONDS = Setting.integer("seconds", 60, 1, 86_400,
      "stepdown: seconds the old primary may not become primary again");
  static final Setting<Boolean> FORCE = Setting.bool("force", false,
      "stepdown: step down even when no secondary has caught up");
  static final Setting<Isolation> FROM = Setting.ofEnum("from", null, Isolation.class,
      "isolate: whom the member loses — its peers (every other member), this machine's clients,"
          + " or all");
  static final Setting<List<String>> TO = Setting.custom("to", "members", null,
      "member names or roles separated by ','", "cut: the members the member's connections to"
          + " fail", text -> {
            List<String> to = Arrays.stream(text.split(",", -1)).map(String::trim).toList();
            if (to.stream().anyMatch(String::isEmpty)) {
              throw new IllegalArgumentException("member names or roles separated by ','");
            }
            return to;
          });

  static final Setting<Integer> MS = Setting.integer("ms", null, 1, 60_000,
      "delay: milliseconds every answer to this machine's clients is held back");
  static final Setting<Integer> JITTER_MS = Setting.integer("jitterMs", 0, 0, 60_000,
      "delay: up to this many milliseconds more or less, drawn uniformly per chunk of data");
  static final Setting<Long> RATE_BPS = Setting.longInteger("bps", null, 1000, 100_000_000_000L,
      "bandwidth: bytes per second each way, rounded down to whole kB/s (1000 bytes)");

  /** Whom {@code isolate} cuts a member off from. */
  enum Isolation {
    PEERS(true, false), CLIENTS(false, true), ALL(true, true);

    final boolean peers;
    final boolean clients;

    Isolation(boolean peers, boolean clients) {
      this.peers = peers;
      this.clients = clients;
    }
  }

  /** The disruption the member must have; {@code null}: a live member. */
  final Disruption needs;
  /** The disruption the fault leaves; {@code null}: the member is live afterwards. */
  final Disruption leaves;

  ContainerFault(Disruption needs, Disruption leaves) {
    this.needs = needs;
    this.leaves = leaves;
  }

  /** Whether this fault brings back a member that {@code d} took out. */
  boolean undoes(Disruption d) {
    return this == HEAL ? d == Disruption.PARTITIONED || d == Disruption.ISOLATED : d == needs;
  }

  /** What the member this fault brings back must be, for messages. */
  String needsLabel() {
    return this == HEAL ? Disruption.PARTITIONED.label + " or " + Disruption.ISOLATED.label
        : needs.label;
  }

  /** Whether the fault works on the cluster's client proxy ({@code testcontainers.clientProxy}). */
  boolean needsClientProxy() {
    return this == DELAY || this == BANDWIDTH || this == RESTORE_NETWORK;
  }

  /** The lower-case name used in fault schedules, e.g. {@code slow-disk}. */
  String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(ContainerFault::label).toList();
  }

  /**
   * The action named {@code text} (any case).
   *
   * @throws ConfigurationException listing the actions, with the closest one
   */
  static ContainerFault parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(a -> a.label().equals(t)).findFirst()
        .orElseThrow(() -> new ConfigurationException("fault.action", text,
            String.join(", ", labels()), Suggestions.closest(t, labels())
                .map(c -> "did you mean '" + c + "'?").orElse(null)));
  }

  /**
   * Checks {@code parameters} against what this action takes.
   *
   * @throws ConfigurationException for a parameter it does not take or a bad value
   */
  void check(Map<String, String> parameters) {
    List<Setting<?>> accepted = switch (this) {
      case STEPDOWN -> List.of(TIMEOUT_SECONDS, SECONDS, FORCE);
      case ISOLATE -> List.of(TIMEOUT_SECONDS, FROM);
      case CUT -> List.of(TIMEOUT_SECONDS, TO);
      case SLOW_DISK -> List.of(TIMEOUT_SECONDS, BlockIoThrottle.IOPS, BlockIoThrottle.BPS);
      case DELAY -> List.of(TIMEOUT_SECONDS, MS, JITTER_MS);
      case BANDWIDTH -> List.of(TIMEOUT_SECONDS, RATE_BPS);
      default -> List.of(TIMEOUT_SECONDS);
    };
    List<String> keys = accepted.stream().map(Setting::key).toList();
    parameters.keySet().stream().sorted().filter(k -> !keys.contains(k)).findFirst()
        .ifPresent(k -> {
          throw new ConfigurationException(k, parameters.get(k), "parameters of " + label()
              + ": " + String.join(", ", keys), Suggestions.closest(k, keys)
                  .map(c -> "did you mean '" + c + "'?").orElse("unknown parameter"));
        });
    accepted.forEach(s -> s.find(parameters));
    if (this == SLOW_DISK) {
      BlockIoThrottle.capOfFault(parameters);
    }
    Setting<?> required = switch (this) {
      case ISOLATE -> FROM;
      case CUT -> TO;
      case DELAY -> MS;
      case BANDWIDTH -> RATE_BPS;
      default -> null;
    };
    if (required != null && required.find(parameters).isEmpty()) {
      throw new ConfigurationException(required.key(), null, required.allowed(), label()
          + " needs " + required.key() + "=…, e.g. " + switch (this) {
            case ISOLATE -> "isolate primary from=peers";
            case CUT -> "cut primary to=secondary";
            case DELAY -> "delay primary ms=100";
            default -> "bandwidth primary bps=1000000";
          });
    }
  }
}
