package dev.refarch.platform.kubernetes.api;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCredential;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.PlatformException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.LocalPortForward;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Talks to one MongoDB pod with the Java driver through a port-forward of the API server
 * ({@code pods/portforward}): what the runner must do inside the cluster — initiate replica sets,
 * create the user, ask for roles, drop a database — works with any image that has
 * {@code mongod} (no {@code mongosh} in the pod) and from any machine with a kubeconfig. A
 * forwarded connection arrives on the pod's loopback, so MongoDB's localhost exception lets the
 * first user be created there.
 *
 * <p>Thread-safe; each {@link #open} is one forward and one direct connection, closed together.
 *
 * <pre>{@code
 * try (Members.Member m = new Members(client).open("bench", "refarch-rs0-0", Optional.of(credential))) {
 *   Document hello = m.admin("hello");
 * }
 * }</pre>
 */
public final class Members {

  private final KubernetesClient client;

  public Members(KubernetesClient client) {
    this.client = client;
  }

  /** A direct connection to one pod's MongoDB; closing ends the port-forward too. */
  public static final class Member implements AutoCloseable {
    private final String pod;
    private final LocalPortForward forward;
    private final MongoClient mongo;

    Member(String pod, LocalPortForward forward, MongoClient mongo) {
      this.pod = pod;
      this.forward = forward;
      this.mongo = mongo;
    }

    /** Runs {@code command} (value 1) on the admin database. */
    public Document admin(String command) {
      return run(new Document(command, 1));
    }

    /** Runs {@code command} on the admin database. */
    public Document run(Document command) {
      return mongo.getDatabase("admin").runCommand(command);
    }

    public MongoClient client() {
      return mongo;
    }

    public String pod() {
      return pod;
    }

    @Override
    public void close() {
      mongo.close();
      try {
        forward.close();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("close the port-forward to " + pod, e);
      }
    }
  }

  /**
   * Forwards a local port of 127.0.0.1 to the pod's MongoDB port and connects to it directly.
   *
   * @param credential the user to authenticate as; empty for none (or the localhost exception)
   * @throws PlatformException when the API server refuses the forward (RBAC)
   */
  public Member open(String namespace, String pod, Optional<MongoCredential> credential) {
    LocalPortForward forward = ApiErrors.call("port-forward to pod " + namespace + "/" + pod,
        () -> client.pods().inNamespace(namespace).withName(pod).portForward(27017));
    MongoClientSettings.Builder b = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString("mongodb://127.0.0.1:" + forward.getLocalPort()
            + "/?directConnection=true"))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applyToSocketSettings(s -> s.connectTimeout(5, TimeUnit.SECONDS)
            .readTimeout(60, TimeUnit.SECONDS));
    credential.ifPresent(b::credential);
    return new Member(pod, forward, MongoClients.create(b.build()));
  }
}
