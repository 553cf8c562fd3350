package dev.refarch.platform.vsan.it;

import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * One simulator for a whole test class: built and started before its first test, stopped after
 * its last. Where the simulator cannot be built (no Go), every test of the class is skipped with
 * that reason, rather than the class failing or passing silently.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final SimulatorExtension SIM = new SimulatorExtension(Simulators::stock, "-vm", "2");
 * }</pre>
 */
final class SimulatorExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

  private final Supplier<Path> binary;
  private final String[] args;
  private Simulators.Running running;
  private String skipped;

  /** {@code binary} is asked for only when the class starts, as building it may skip. */
  SimulatorExtension(Supplier<Path> binary, String... args) {
    this.binary = binary;
    this.args = args.clone();
  }

  /** The started simulator. */
  Simulators.Running running() {
    if (running == null) {
      throw new IllegalStateException("the simulator is not running: " + skipped);
    }
    return running;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    try {
      running = Simulators.start(binary.get(), args);
    } catch (TestAbortedException e) {
      skipped = e.getMessage(); // reported on every test, not swallowed by the class
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (skipped != null) {
      Assumptions.abort(skipped);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (running != null) {
      running.close();
    }
  }
}
