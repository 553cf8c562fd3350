package dev.refarch.platform.local.deploy;

import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.bson.Document;

/**
 * The members of one replica set (a plain set, a shard, or the config servers) and the
 * configuration that initiates it.
 *
 * <p>Immutable list of thread-safe members; thread-safe.
 *
 * @param name the replica set name, e.g. {@code rs0}, {@code shard1}, {@code config}
 * @param configServer whether this is the config server replica set
 * @param members data members first, then the arbiter if any
 */
public record ReplicaSetGroup(String name, boolean configServer, List<Member> members) {

  public ReplicaSetGroup {
    members = List.copyOf(members);
    if (members.isEmpty()) {
      throw new IllegalArgumentException("replica set " + name + " has no members");
    }
  }

  /** Data-bearing members, in order. */
  public List<Member> dataMembers() {
    return members.stream().filter(m -> m.spec().role().bearsData()).toList();
  }

  /** {@code 127.0.0.1:p1,127.0.0.1:p2} over the data members. */
  public String seedList() {
    return dataMembers().stream().map(m -> m.spec().hostAndPort())
        .collect(Collectors.joining(","));
  }

  /** The {@code replSetInitiate} document, with an election timeout when one is given. */
  public Document initiateConfig(OptionalInt electionTimeoutMillis) {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < members.size(); i++) {
      Document member = new Document("_id", i).append("host", members.get(i).spec().hostAndPort());
      if (members.get(i).spec().role() == Role.ARBITER) {
        member.append("arbiterOnly", true);
      }
      docs.add(member);
    }
    Document config = new Document("_id", name);
    if (configServer) {
      config.append("configsvr", true);
    }
    config.append("members", docs);
    electionTimeoutMillis.ifPresent(ms ->
        config.append("settings", new Document("electionTimeoutMillis", ms)));
    return config;
  }
}
