package dev.refarch.testcontainers.cluster;

/**
 * Small edits of connection strings that tests need, done on the text so that every option and
 * credential stays as given.
 *
 * <p>Stateless and thread-safe.
 */
public final class ConnectionStrings {

  private ConnectionStrings() {
  }

  /**
   * {@code uri} with {@code database} as its path, e.g. {@code mongodb://h:1/?replicaSet=rs0} and
   * {@code orders} → {@code mongodb://h:1/orders?replicaSet=rs0}; the YCSB binding reads the
   * database from there.
   */
  public static String withDatabase(String uri, String database) {
    int schemeEnd = uri.indexOf("://") + 3;
    int query = uri.indexOf('?', schemeEnd);
    String base = query < 0 ? uri : uri.substring(0, query);
    String options = query < 0 ? "" : uri.substring(query);
    int slash = base.indexOf('/', schemeEnd);
    String hosts = slash < 0 ? base : base.substring(0, slash);
    return hosts + "/" + database + options;
  }
}
