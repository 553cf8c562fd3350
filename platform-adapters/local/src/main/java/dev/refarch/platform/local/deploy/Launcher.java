package dev.refarch.platform.local.deploy;

import com.mongodb.MongoException;
import dev.refarch.platform.local.config.LocalSettings;
import dev.refarch.platform.local.internal.Deadline;
import dev.refarch.platform.local.internal.Poll;
import dev.refarch.platform.local.internal.Poll.Observation;
import dev.refarch.platform.local.process.Member;
import dev.refarch.platform.local.process.MemberException;
import dev.refarch.platform.spi.PlatformException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.Document;

/**
 * Starts a planned {@link Deployment} and waits until it accepts writes; on failure stops
 * whatever started, deletes the files but the failed member's logs, and says why with the tail
 * of that member's log.
 *
 * <p>Order: every {@code mongod} is spawned at once and awaited; replica sets are initiated
 * together and awaited healthy; then routers start, each shard is added, and the cluster is ready
 * when {@code listShards} shows them all. One deadline ({@code local.startTimeoutSeconds}) covers
 * everything.
 *
 * <p>Stateless and thread-safe.
 */
public final class Launcher {

  private Launcher() {
  }

  /**
   * Starts everything in {@code deployment}.
   *
   * @return the server version ({@code buildInfo} of the first {@code mongod})
   * @throws PlatformException after cleaning up; its message names the failed member, where its
   *     logs were kept, and ends with their tail
   */
  public static String start(Deployment deployment, LocalSettings settings) {
    try {
      startAll(deployment, settings, Deadline.after(settings.startTimeout()));
      return serverVersion(deployment.mongods().get(0));
    } catch (RuntimeException e) {
      throw cleanUpAfter(deployment, settings, e);
    }
  }

  private static void startAll(Deployment deployment, LocalSettings settings, Deadline deadline) {
    List<Member> mongods = deployment.mongods();
    mongods.forEach(Member::start);
    mongods.forEach(m -> m.awaitReachable(deadline));
    deployment.replicaSets().forEach(set ->
        ReplicaSets.initiate(set, settings.electionTimeoutMillis()));
    deployment.replicaSets().forEach(set -> ReplicaSets.awaitHealthy(set, deadline));
    if (deployment.routers().isEmpty()) {
      return;
    }
    deployment.routers().forEach(Member::start);
    deployment.routers().forEach(m -> m.awaitReachable(deadline));
    Member router = deployment.routers().get(0);
    List<ReplicaSetGroup> shards = deployment.replicaSets().stream()
        .filter(g -> !g.configServer()).toList();
    for (ReplicaSetGroup shard : shards) {
      addShard(router, shard);
    }
    awaitShards(router, shards, deadline);
  }

  private static String serverVersion(Member member) {
    try {
      return member.client().run(new Document("buildInfo", 1)).getString("version");
    } catch (MongoException e) {
      throw member.failure("buildInfo", e.getMessage(), e);
    }
  }

  private static void addShard(Member router, ReplicaSetGroup shard) {
    try {
      router.client().run(new Document("addShard", shard.name() + "/" + shard.seedList())
          .append("name", shard.name()));
    } catch (MongoException e) {
      throw router.failure("addShard " + shard.name(), e.getMessage(), e);
    }
  }

  private static void awaitShards(Member router, List<ReplicaSetGroup> shards, Deadline deadline) {
    Set<String> wanted = shards.stream().map(ReplicaSetGroup::name).collect(Collectors.toSet());
    Poll.until(deadline, Poll.INTERVAL, () -> {
      try {
        List<Document> listed = router.client().probe(new Document("listShards", 1))
            .getList("shards", Document.class);
        Set<String> ids = listed.stream().map(d -> d.getString("_id")).collect(Collectors.toSet());
        return ids.containsAll(wanted) ? Observation.done(ids) : Observation.pending(ids.toString());
      } catch (MongoException e) {
        return Observation.pending(e.getMessage());
      }
    }).orElseThrow(seen -> router.failure("await shards",
        Poll.timedOut(deadline, "listShards to show " + wanted, seen), null));
  }

  private static PlatformException cleanUpAfter(Deployment deployment, LocalSettings settings,
      RuntimeException failure) {
    String member = failure instanceof MemberException me ? me.member() : null;
    String detail = failure instanceof MemberException me ? me.operation() + ": " + me.detail()
        : failure instanceof PlatformException ? failure.getMessage() : failure.toString();
    String tail = failure instanceof MemberException me ? me.logTail() : "";
    String kept;
    try {
      deployment.stopAll();
      if (settings.keepData()) {
        kept = "; data and logs kept in " + deployment.workDir();
      } else if (member != null) {
        deployment.deleteFiles(Set.of(member));
        kept = "; logs of " + member + " kept in " + deployment.workDir().resolve(member);
      } else {
        deployment.deleteFiles(deployment.members().stream().map(Member::name)
            .collect(Collectors.toSet()));
        kept = "; logs kept in " + deployment.workDir();
      }
    } catch (RuntimeException cleanup) {
      failure.addSuppressed(cleanup);
      kept = "; cleaning up failed too: " + cleanup.getMessage();
    }
    String operation = "start local " + deployment.topology().label();
    return new PlatformException(operation, detail + kept + tail, failure);
  }
}
