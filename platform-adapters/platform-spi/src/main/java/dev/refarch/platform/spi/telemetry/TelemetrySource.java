package dev.refarch.platform.spi.telemetry;

import java.util.List;

/**
 * An open view of some members' telemetry, asked for a {@link TelemetryRound} once a period.
 *
 * <p>Implementations are used from one thread at a time (the runner's sampling thread for this
 * source) but are closed from another, which must make a sample in progress return or throw. A
 * sample should take well under the period: it may block on the network, which is why every
 * source has its own thread, but a sample that takes longer than the period delays only its own
 * next one.
 */
public interface TelemetrySource extends AutoCloseable {

  /** The provider's name, e.g. {@code mongodb}, {@code process}, {@code disk}. */
  String name();

  /** The members or objects it watches, in a stable order, e.g. {@code rs0-0}, {@code vda}. */
  List<String> watches();

  /**
   * Reads every member once.
   *
   * @param epochMs when the runner asked, on the clock of the clients' timelines
   * @throws Exception when the source as a whole could not be read this time; the runner records
   *     the first such failure, says it once on stderr, and asks again at the next period
   */
  TelemetryRound sample(long epochMs) throws Exception;

  /** Releases connections and files; idempotent. */
  @Override
  default void close() {
  }
}
