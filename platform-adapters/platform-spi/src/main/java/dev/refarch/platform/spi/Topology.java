package dev.refarch.platform.spi;

import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape of a MongoDB deployment, in the seeds' vocabulary.
 *
 * <ul>
 *   <li>{@code standalone} — one {@code mongod};
 *   <li>{@code rs=N} — a replica set: {@code rs=1} one member, {@code rs=3} two data members and
 *       an arbiter (the seeds' "primary, secondary, arbiter"), {@code pss} or {@code rs=3x}
 *       three data members;
 *   <li>{@code sharded:SxM} — S shards of M data members each, a 1-member config replica set and
 *       one router; {@code sharded:SxM,cfg=C,routers=R} sets those too.
 * </ul>
 *
 * <p>Immutable. Parse with {@link #parse}; {@link #label()} gives back the canonical text.
 */
public sealed interface Topology {

  /** The canonical text form accepted by {@link #parse}. */
  String label();

  /** Number of data-bearing {@code mongod} processes. */
  int dataMembers();

  /** A single {@code mongod} without replication. */
  record Standalone() implements Topology {
    @Override
    public String label() {
      return "standalone";
    }

    @Override
    public int dataMembers() {
      return 1;
    }
  }

  /**
   * A replica set.
   *
   * @param dataMembers data-bearing members, 1–7
   * @param arbiter whether one arbiter joins them
   */
  record ReplicaSet(int dataMembers, boolean arbiter) implements Topology {
    public ReplicaSet {
      if (dataMembers < 1 || dataMembers > 7) {
        throw new ConfigurationException("topology", String.valueOf(dataMembers),
            "1 to 7 data members");
      }
      if (arbiter && dataMembers < 2) {
        throw new ConfigurationException("topology", "arbiter with " + dataMembers + " member",
            "an arbiter only beside 2 or more data members");
      }
    }

    @Override
    public String label() {
      if (arbiter && dataMembers == 2) {
        return "rs=3";
      }
      if (!arbiter && dataMembers == 3) {
        return "pss";
      }
      if (!arbiter && dataMembers == 1) {
        return "rs=1";
      }
      return arbiter ? "rs=" + dataMembers + "+arbiter" : "rs=" + dataMembers + "x";
    }

    /** Members including the arbiter. */
    public int members() {
      return dataMembers + (arbiter ? 1 : 0);
    }
  }

  /**
   * A sharded cluster.
   *
   * @param shards number of shards, 1–16
   * @param membersPerShard data members of each shard's replica set, 1–7
   * @param configMembers members of the config server replica set, 1–7
   * @param routers number of {@code mongos}, 1–8
   */
  record Sharded(int shards, int membersPerShard, int configMembers, int routers)
      implements Topology {
    public Sharded {
      check("shards", shards, 16);
      check("members per shard", membersPerShard, 7);
      check("config members", configMembers, 7);
      check("routers", routers, 8);
    }

    private static void check(String what, int value, int max) {
      if (value < 1 || value > max) {
        throw new ConfigurationException("topology", what + "=" + value, "1 to " + max);
      }
    }

    @Override
    public String label() {
      return "sharded:" + shards + "x" + membersPerShard
          + (configMembers == 1 && routers == 1 ? "" : ",cfg=" + configMembers + ",routers=" + routers);
    }

    @Override
    public int dataMembers() {
      return shards * membersPerShard;
    }
  }

  static Topology standalone() {
    return new Standalone();
  }

  /** {@code n} data members, no arbiter. */
  static ReplicaSet replicaSet(int n) {
    return new ReplicaSet(n, false);
  }

  /** {@code dataMembers} data members and one arbiter ({@code rs=3} is {@code withArbiter(2)}). */
  static ReplicaSet replicaSetWithArbiter(int dataMembers) {
    return new ReplicaSet(dataMembers, true);
  }

  static Sharded sharded(int shards, int membersPerShard) {
    return new Sharded(shards, membersPerShard, 1, 1);
  }

  String ALLOWED = "standalone, rs=1, rs=3 (2 data + arbiter), pss, rs=Nx (N data members),"
      + " rs=N+arbiter, sharded:SxM[,cfg=C,routers=R]";

  /**
   * Parses the text form; see the type's documentation.
   *
   * @throws ConfigurationException naming the value and the allowed forms
   */
  static Topology parse(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    Matcher m;
    if (t.equals("standalone")) {
      return standalone();
    } else if (t.equals("pss")) {
      return replicaSet(3);
    } else if (t.equals("rs=1")) {
      return replicaSet(1);
    } else if (t.equals("rs=3")) {
      return replicaSetWithArbiter(2);
    } else if ((m = Pattern.compile("rs=(\\d)x").matcher(t)).matches()) {
      return replicaSet(Integer.parseInt(m.group(1)));
    } else if ((m = Pattern.compile("rs=(\\d)\\+arbiter").matcher(t)).matches()) {
      return replicaSetWithArbiter(Integer.parseInt(m.group(1)));
    } else if ((m = Pattern.compile("sharded:(\\d+)x(\\d)(?:,cfg=(\\d),routers=(\\d))?")
        .matcher(t)).matches()) {
      int cfg = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
      int routers = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
      return new Sharded(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), cfg, routers);
    }
    throw new ConfigurationException("topology", text, ALLOWED);
  }
}
