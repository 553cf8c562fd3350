package dev.refarch.platform.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import org.junit.jupiter.api.Test;

class ExtensionsTest {

  /** Registered in this module's test resources under META-INF/services. */
  public static final class NoopHook implements PlatformHook {
    @Override
    public String name() {
      return "noop";
    }

    @Override
    public String description() {
      return "does nothing";
    }

    @Override
    public void before(HookContext context) {
    }

    @Override
    public void after(HookContext context, PhaseOutcome outcome) {
    }
  }

  @Test
  void findsHookByName() {
    assertThat(Extensions.hook("noop")).isInstanceOf(NoopHook.class);
    assertThat(Extensions.hooks()).containsEntry("noop", "does nothing");
  }

  @Test
  void unknownNameListsKnownOnes() {
    assertThatThrownBy(() -> Extensions.hook("vsan"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("hooks='vsan' is not allowed; allowed: noop");
  }

  @Test
  void unknownProvisionerSaysNoneIsPresent() {
    assertThatThrownBy(() -> Extensions.provisioner("local"))
        .hasMessage("cluster='local' is not allowed; allowed: none is on the class path");
  }
}
