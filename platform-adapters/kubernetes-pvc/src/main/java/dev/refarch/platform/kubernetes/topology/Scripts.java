package dev.refarch.platform.kubernetes.topology;

import dev.refarch.platform.kubernetes.topology.ClusterLayout.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The shell scripts MongoDB pods run ({@code mongod.sh}, {@code mongos.sh}, shipped as resources
 * beside this class and mounted from a ConfigMap) and the readiness probes that tell Kubernetes
 * when a member serves: primary, secondary or arbiter; a router once every shard is added.
 *
 * <p>Stateless and thread-safe.
 */
final class Scripts {

  static final String MONGOD = "mongod.sh";
  static final String MONGOS = "mongos.sh";
  static final String MOUNT = "/refarch/scripts";

  private Scripts() {
  }

  /** The scripts by file name, for the ConfigMap. */
  static Map<String, String> all() {
    return Map.of(MONGOD, read(MONGOD), MONGOS, read(MONGOS));
  }

  private static String read(String name) {
    try (InputStream in = Scripts.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The container's command: the script of its kind. */
  static List<String> command(Kind kind) {
    return List.of("/bin/sh", MOUNT + "/" + (kind == Kind.ROUTER ? MONGOS : MONGOD));
  }

  /** The readiness probe's command for a pod of {@code kind}. */
  static List<String> readiness(Kind kind, long shards) {
    String test = switch (kind) {
      case STANDALONE -> "db.hello().isWritablePrimary";
      case ROUTER -> "db.adminCommand({listShards: 1}).shards.length >= " + shards;
      default -> "(h => h.isWritablePrimary || h.secondary || h.arbiterOnly)(db.hello())";
    };
    return List.of("mongosh", "--quiet", "--eval", "quit(" + test + " ? 0 : 1)");
  }
}
