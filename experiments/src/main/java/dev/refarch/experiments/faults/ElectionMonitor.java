package dev.refarch.experiments.faults;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Watches a replica set from the server side while a phase runs: every 100 ms each member is asked
 * {@code hello} over its own direct connection, and every change of the writable primary or of the
 * election id is kept with its wall-clock time. Election time after a fault is then the time from
 * the fault to the first member reporting itself primary under a new election id — measured
 * separately from, and reported beside, what the clients observed.
 *
 * <p>Thread-safe. One polling thread per member, so that a paused member does not delay the
 * others. {@link #close} stops them.
 */
public final class ElectionMonitor implements AutoCloseable {

  /** A member's answer. */
  record Sample(long epochMs, String member, boolean primary, String electionId) {
  }

  private static final long PERIOD_MS = 100;

  private final List<Sample> samples = new CopyOnWriteArrayList<>();
  private final List<Thread> pollers = new ArrayList<>();
  private final List<MongoClient> clients = new ArrayList<>();
  private volatile boolean stopped;

  private ElectionMonitor() {
  }

  /**
   * Starts watching the members named in {@code connectionString}, which must be a replica set's.
   * Credentials and TLS options of the connection string are used for the direct connections.
   */
  public static ElectionMonitor start(String connectionString) {
    ElectionMonitor monitor = new ElectionMonitor();
    ConnectionString cs = new ConnectionString(connectionString);
    for (String host : cs.getHosts()) {
      MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(cs)
          .applyToClusterSettings(c -> c.hosts(List.of(new com.mongodb.ServerAddress(host)))
              .mode(com.mongodb.connection.ClusterConnectionMode.SINGLE).requiredReplicaSetName(null)
              .serverSelectionTimeout(300, TimeUnit.MILLISECONDS))
          .applyToSocketSettings(s -> s.connectTimeout(300, TimeUnit.MILLISECONDS)
              .readTimeout(500, TimeUnit.MILLISECONDS))
          .build();
      MongoClient client = MongoClients.create(settings);
      monitor.clients.add(client);
      Thread t = new Thread(() -> monitor.poll(host, client), "election-monitor-" + host);
      t.setDaemon(true);
      monitor.pollers.add(t);
      t.start();
    }
    return monitor;
  }

  private void poll(String host, MongoClient client) {
    Sample last = null;
    while (!stopped) {
      long now = System.currentTimeMillis();
      Sample s;
      try {
        Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
        Object election = hello.get("electionId");
        s = new Sample(now, host, hello.getBoolean("isWritablePrimary", false),
            election == null ? "" : election.toString());
      } catch (RuntimeException unreachable) {
        // a killed or paused member answers nothing; that is a sample too
        s = new Sample(now, host, false, "");
      }
      if (last == null || last.primary() != s.primary() || !last.electionId().equals(s.electionId())) {
        samples.add(s);
      }
      last = s;
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * Milliseconds from {@code faultEpochMs} until a member first reported itself primary under an
   * election id other than the one in force at the fault; empty when no new election was seen.
   */
  public Optional<Long> electionMillisAfter(long faultEpochMs) {
    String before = "";
    for (Sample s : samples) {
      if (s.epochMs() <= faultEpochMs && s.primary()) {
        before = s.electionId();
      }
    }
    for (Sample s : samples) {
      if (s.epochMs() > faultEpochMs && s.primary() && !s.electionId().equals(before)) {
        return Optional.of(s.epochMs() - faultEpochMs);
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    stopped = true;
    for (Thread t : pollers) {
      t.interrupt();
    }
    for (Thread t : pollers) {
      try {
        t.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    clients.forEach(MongoClient::close);
  }
}
