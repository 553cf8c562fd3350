package dev.refarch.ycsb.cache;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.hooks.HookRunner;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the hook refuses before it connects to anything. */
class LoadCacheHookTest {

  @Test
  void needsTheLoadsCacheSize() {
    assertThatThrownBy(() -> HookRunner.resolve(LoadCacheHook.NAME,
        Map.of("mongodb.url", "mongodb://127.0.0.1:1/ycsb"), line -> { }))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("mongodb.load.cacheSizeGB")
        .hasMessageContaining("mongodb-load-cache needs the load's cache size");
  }

  @Test
  void refusesASizeOutOfRange() {
    assertThatThrownBy(() -> HookRunner.resolve(LoadCacheHook.NAME,
        Map.of("mongodb.url", "mongodb://127.0.0.1:1/ycsb", "mongodb.load.cacheSizeGB", "0.1"),
        line -> { }))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("mongodb.load.cacheSizeGB='0.1' is not allowed; allowed: a number"
            + " from 0.25 to 1024.0");
  }
}
