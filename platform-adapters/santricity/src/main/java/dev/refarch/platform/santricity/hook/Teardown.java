package dev.refarch.platform.santricity.hook;

import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.config.CacheMode;
import dev.refarch.platform.santricity.config.SantricitySettings;
import dev.refarch.platform.spi.HookContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code santricity.teardown=true}: after the run phase, deletes the SSD cache named in the
 * settings (when the hook manages the cache) and the pool named in the settings with its volumes,
 * so that the next storage configuration of a study finds its drives free. Only objects named in
 * the settings are touched.
 *
 * <p>Not thread-safe; runs once per run phase.
 */
final class Teardown {

  private final SantricityClient client;
  private final SantricitySettings settings;
  private final Consumer<String> log;

  Teardown(SantricityClient client, SantricitySettings settings, Consumer<String> log) {
    this.client = client;
    this.settings = settings;
    this.log = log;
  }

  /**
   * Deletes the cache and the pool; both are tried.
   *
   * @throws dev.refarch.platform.spi.PlatformException naming what could not be deleted
   */
  void run(HookContext context) {
    List<String> done = new ArrayList<>();
    Failures failures = new Failures();
    if (settings.cache().mode() != CacheMode.UNCHANGED) {
      failures.attempt("SSD cache '" + settings.cache().name() + "'", () -> client.ssdCache()
          .find().filter(c -> settings.cache().name().equals(c.name())).ifPresent(c -> {
            client.ssdCache().delete(c);
            done.add("deleted SSD cache '" + c.name() + "'");
          }));
    }
    failures.attempt("pool '" + settings.pool().name() + "' with its volumes", () -> client
        .pools().byName(settings.pool().name()).ifPresent(p -> {
          client.pools().delete(p, true);
          done.add("deleted pool '" + p.name() + "' with its volumes");
        }));
    done.forEach(line -> log.accept("santricity: teardown: " + line));
    context.record("teardown", done.isEmpty() ? "nothing to delete" : String.join("; ", done));
    failures.throwIfAny("santricity teardown");
  }
}
