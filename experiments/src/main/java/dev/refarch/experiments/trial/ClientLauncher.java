package dev.refarch.experiments.trial;

import dev.refarch.experiments.results.TrialResult.ClientRecord;
import dev.refarch.platform.spi.Phase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Where a phase's YCSB clients run: JVMs on this machine ({@link #local}) or the pods of
 * a Kubernetes indexed Job ({@link KubernetesClients}). {@link TrialRunner} runs the hooks and
 * the fault schedule around them and merges what they measured the same way for both: each
 * client leaves a folder {@code <clientsDir>/<phase>-<i>/} with {@code stdout.txt},
 * {@code stderr.txt}, {@code cpu-seconds.txt} and {@code measurements/}.
 *
 * <p>Implementations are thread-safe; each {@link #start} returns an independent phase.
 */
public interface ClientLauncher {

  /**
   * Starts {@code spec.clients()} clients of {@code phase}, client {@code i} with
   * {@link ClientPlan#properties}; returns once they run, which is when the phase's fault
   * schedule starts counting. Nothing is left running when this throws.
   */
  PhaseClients start(TrialSpec spec, Phase phase, Path clientsDir);

  /**
   * Client JVMs on this machine with this JVM's java and the given class path: kept warm
   * ({@link WarmClients}) or forked per phase, as each trial's {@code reuseClients} says.
   */
  static ClientLauncher local(String javaBin, String classPath) {
    return (spec, phase, clientsDir) -> {
      PhaseExecution execution = new PhaseExecution(spec, phase);
      execution.start(clientsDir, javaBin, classPath);
      return execution;
    };
  }

  /**
   * One phase's running clients. {@link #await} and {@link #stop} are called by the runner's
   * thread; {@link #processes} may be read by listeners on other threads.
   */
  interface PhaseClients {

    /** The client JVMs on this machine; empty when the clients run elsewhere. */
    List<ClientProcess> processes();

    /**
     * Waits until every client ended. A client that ends badly fails the phase and the others
     * are stopped; past {@code timeout} all are.
     *
     * @return why the phase failed, one entry per cause; empty when every client completed
     */
    List<String> await(Duration timeout) throws InterruptedException;

    /** Ends whatever still runs; idempotent, also after {@link #await}. */
    void stop();

    /**
     * Asks the clients to end their run cleanly, as at their maximum time ({@link StopSignal});
     * they write their measurements and exit, and {@link #await} returns. The default does
     * nothing: clients that cannot be reached run to their own end.
     */
    default void requestStop() {
    }

    /** How each client ended, in client order; complete once {@link #await} returned. */
    List<ClientRecord> records();

    /** Each client's measurement folder, in client order (some may be incomplete). */
    List<Path> measurements();
  }
}
