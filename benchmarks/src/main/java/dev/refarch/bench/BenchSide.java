package dev.refarch.bench;

import dev.refarch.ycsb.mongo.MongoDbClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One side of {@link BindingBenchmark}: what runs a cell and on which class path. YCSB sides run
 * the stock {@code site.ycsb.Client} with a binding class ({@code db}); the raw side runs
 * {@link RawLoop}.
 *
 * @param name the side's label in tables and JSON, e.g. {@code binding} or {@code stock-shaped-3.8.0}
 * @param db the YCSB binding class, or {@code null} for the raw loop
 * @param classPath the forked JVM's class path; it must hold {@link CpuReport} and YCSB's core
 * @param properties YCSB properties this side adds to every run cell's (a binding variant's
 *     settings)
 * @param urlOptions connection-string options this side's run cells add to {@code mongodb.url},
 *     such as {@code retryWrites=true}; empty for none
 */
record BenchSide(String name, String db, String classPath, Map<String, String> properties,
    String urlOptions) {

  BenchSide {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(classPath, "classPath");
    properties = Map.copyOf(properties);
    Objects.requireNonNull(urlOptions, "urlOptions");
  }

  BenchSide(String name, String db, String classPath) {
    this(name, db, classPath, Map.of(), "");
  }

  /** This project's binding on this JVM's class path. */
  static BenchSide binding(String classPath) {
    return new BenchSide("binding", MongoDbClient.class.getName(), classPath);
  }

  /**
   * This project's binding without retryable writes and reads: the requests the stock 0.17.0
   * binding's driver (3.8.0, whose {@code retryWrites} default is off and which has no retryable
   * reads) sends — no {@code txnNumber}, so the server keeps no retry record per write.
   */
  static BenchSide bindingNoRetry(String classPath) {
    return new BenchSide("binding-no-retry", MongoDbClient.class.getName(), classPath,
        Map.of("mongodb.retryWrites", "false", "mongodb.retryReads", "false"), "");
  }

  /** The raw driver loop on this JVM's class path. */
  static BenchSide raw(String classPath) {
    return new BenchSide("raw", null, classPath);
  }

  /** The stock-shaped reference ({@link StockShapedDb}) with the driver on {@code classPath}. */
  static BenchSide stockShaped(String name, String classPath) {
    return new BenchSide(name, StockShapedDb.class.getName(), classPath);
  }

  /**
   * The stock-shaped reference with {@code retryWrites=true} in its connection string: what the
   * stock 0.17.0 binding sends when its user asks for retryable writes (driver 3.8.0 supports
   * them but leaves them off by default), and so the same server work per write as the binding's
   * default — each write carries a {@code txnNumber} and the server keeps its retry record.
   */
  static BenchSide stockShapedRetry(String name, String classPath) {
    return new BenchSide(name, StockShapedDb.class.getName(), classPath, Map.of(),
        "retryWrites=true");
  }

  boolean isYcsb() {
    return db != null;
  }

  /** The main class and arguments of a run cell (after {@link CpuReport} and its file). */
  List<String> runCommand(Map<String, String> ycsbProperties, Map<String, String> rawArgs) {
    List<String> c = new ArrayList<>();
    if (isYcsb()) {
      // -s: the status lines SteadyWindow reads the steady rate from
      c.addAll(List.of("site.ycsb.Client", "-t", "-s", "-db", db));
      Map<String, String> p = new LinkedHashMap<>(ycsbProperties);
      p.putAll(properties);
      if (!urlOptions.isEmpty()) {
        p.put("mongodb.url", withOptions(p.get("mongodb.url"), urlOptions));
      }
      p.forEach((k, v) -> c.addAll(List.of("-p", k + "=" + v)));
    } else {
      c.add(RawLoop.class.getName());
      rawArgs.forEach((k, v) -> c.add(k + "=" + v));
    }
    return c;
  }

  /**
   * {@code url} with {@code options} added after its own: as {@code &options} after a query,
   * else {@code ?options} after a path, else {@code /?options} after the hosts.
   */
  static String withOptions(String url, String options) {
    if (url.contains("?")) {
      return url + "&" + options;
    }
    int hosts = url.indexOf("://") + 3;
    return url + (url.indexOf('/', hosts) >= 0 ? "?" : "/?") + options;
  }
}
