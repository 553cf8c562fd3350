package dev.refarch.platform.santricity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.fault.SantricityFaultInjector;
import dev.refarch.platform.santricity.hook.SantricityHook;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.FaultInjector;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ServiceRegistrationTest {

  @Test
  void theHookIsFoundByName() {
    assertThat(Extensions.hook("santricity")).isInstanceOf(SantricityHook.class);
    assertThat(Extensions.hooks()).containsKey("santricity");
  }

  @Test
  void theFaultInjectorIsFoundThroughTheServiceLoader() {
    var injectors = ServiceLoader.load(FaultInjector.class).stream()
        .map(ServiceLoader.Provider::get).collect(Collectors.toList());
    assertThat(injectors).filteredOn(i -> i.name().equals("santricity")).singleElement()
        .isInstanceOf(SantricityFaultInjector.class)
        .satisfies(i -> assertThat(i.actions()).containsExactlyInAnyOrder("fail-drive",
            "replace-drive"));
    injectors.forEach(i -> {
      if (i instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    });
  }
}
