package dev.refarch.platform.kubernetes.topology;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import dev.refarch.platform.kubernetes.api.Members;
import dev.refarch.platform.kubernetes.api.Waits;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Group;
import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.bson.Document;

/**
 * What Kubernetes cannot do for MongoDB, done by the runner through port-forwards
 * ({@link Members}) once the pods run: initiate each replica set from its first member, wait for
 * a primary, create the user (through the localhost exception, on the primary or a router), add
 * the shards to the routers, and wait until every member is primary, secondary or arbiter. Each
 * step is a no-op when already done, so a pod that restarts, or a second call, changes nothing.
 *
 * <p>Not thread-safe; used once per start.
 */
final class ReplicaSets {

  private static final int ALREADY_INITIALIZED = 23;
  private static final int USER_EXISTS = 51003;
  private static final Set<String> HEALTHY = Set.of("PRIMARY", "SECONDARY", "ARBITER");

  private final Members members;
  private final ClusterLayout layout;
  private final Optional<Credentials> credentials;
  private final Duration timeout;

  ReplicaSets(KubernetesClient client, ClusterLayout layout, Optional<Credentials> credentials,
      Duration timeout) {
    this.members = new Members(client);
    this.layout = layout;
    this.credentials = credentials;
    this.timeout = timeout;
  }

  /** Runs every step in order. */
  void setUp() {
    List<Group> sets = layout.groups().stream().filter(g -> g.kind() == Kind.DATA
        || g.kind() == Kind.CONFIG || g.kind() == Kind.SHARD).toList();
    sets.forEach(this::initiate);
    Group entry = layout.groups().stream().filter(g -> g.kind() == Kind.ROUTER).findFirst()
        .orElse(layout.groups().get(0));
    credentials.ifPresent(c -> createUser(entry, c));
    if (entry.kind() == Kind.ROUTER) {
      addShards(entry);
    }
    sets.forEach(this::awaitHealthy);
  }

  private void initiate(Group g) {
    String pod = g.pods().get(0);
    Document config = Document.parse(layout.initiateConfig(g));
    retry("replica set " + g.replicaSet() + " initiated from " + pod, pod, Optional.empty(), m -> {
      try {
        m.run(new Document("replSetInitiate", config));
      } catch (MongoCommandException e) {
        if (e.getErrorCode() != ALREADY_INITIALIZED) {
          throw e;
        }
      }
      return true;
    });
    primaryOf(g);
  }

  /** The pod of the set's primary, once one is elected. */
  String primaryOf(Group g) {
    return retry("a primary of " + g.replicaSet(), g.pods().get(0), Optional.empty(), m -> {
      String primary = m.admin("hello").getString("primary");
      return primary == null ? null : primary.substring(0, primary.indexOf('.'));
    });
  }

  private void createUser(Group entry, Credentials c) {
    String pod = entry.kind() == Kind.DATA || entry.kind() == Kind.SHARD ? primaryOf(entry)
        : entry.pods().get(0);
    retry("user " + c.username() + " created on " + pod, pod, Optional.empty(), m -> {
      try {
        m.run(new Document("createUser", c.username()).append("pwd", c.password())
            .append("roles", List.of(new Document("role", "root").append("db", "admin"))));
      } catch (MongoCommandException e) {
        if (e.getErrorCode() != USER_EXISTS && !e.getErrorMessage().contains("already exists")) {
          throw e;
        }
      }
      return true;
    });
  }

  private void addShards(Group router) {
    for (Group shard : layout.groups().stream().filter(g -> g.kind() == Kind.SHARD).toList()) {
      String seed = shard.replicaSet() + "/" + String.join(",", layout.hosts(shard));
      retry("shard " + shard.replicaSet() + " added", router.pods().get(0), credential(), m -> {
        m.run(new Document("addShard", seed).append("name", shard.replicaSet()));
        return true;
      });
    }
  }

  private void awaitHealthy(Group g) {
    String set = g.replicaSet();
    retry("every member of " + set + " primary, secondary or arbiter", primaryOf(g), credential(),
        m -> {
          List<String> unhealthy = new ArrayList<>();
          for (Document member : m.admin("replSetGetStatus").getList("members", Document.class)) {
            if (!HEALTHY.contains(member.getString("stateStr"))) {
              unhealthy.add(member.getString("name") + " " + member.getString("stateStr"));
            }
          }
          if (!unhealthy.isEmpty()) {
            throw new IllegalStateException(String.join(", ", unhealthy));
          }
          return true;
        });
  }

  private Optional<MongoCredential> credential() {
    return credentials.map(Credentials::credential);
  }

  /** Opens {@code pod} and applies {@code step} until it returns a value, within the timeout. */
  private <T> T retry(String what, String pod, Optional<MongoCredential> credential,
      Function<Members.Member, T> step) {
    return Waits.until(what, timeout, () -> {
      try (Members.Member m = members.open(layout.namespace(), pod, credential)) {
        T value = step.apply(m);
        return value == null ? Waits.pending("not yet") : Waits.done(value);
      } catch (RuntimeException e) {
        return Waits.pending(pod + ": " + e.getMessage());
      }
    });
  }
}
