package dev.refarch.ycsb.testing;

import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.Topology;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Injects a real one-member replica set started by the {@code local} provisioner. One cluster
 * serves the whole test run (starting {@code mongod} costs seconds); JUnit closes it — stopping
 * the process — when the run ends. Tests isolate themselves by database name ({@link #url}).
 */
public final class LocalReplicaSet implements ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(LocalReplicaSet.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == RunningCluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("rs=1",
        key -> Extensions.provisioner("local").start(Topology.parse("rs=1"), Map.of()),
        RunningCluster.class);
  }

  /** The cluster's connection string with {@code database} as its path. */
  public static String url(RunningCluster cluster, String database) {
    String cs = cluster.connectionString();
    int query = cs.indexOf('?');
    String base = query < 0 ? cs : cs.substring(0, query);
    String options = query < 0 ? "" : cs.substring(query);
    int slash = base.indexOf('/', "mongodb://".length());
    String hosts = slash < 0 ? base : base.substring(0, slash);
    return hosts + "/" + database + options;
  }
}
