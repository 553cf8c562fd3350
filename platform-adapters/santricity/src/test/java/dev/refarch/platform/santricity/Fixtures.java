package dev.refarch.platform.santricity;

import dev.refarch.platform.santricity.api.ClientConfig;
import dev.refarch.platform.santricity.api.Credentials;
import dev.refarch.platform.santricity.api.SantricityClient;
import dev.refarch.platform.santricity.config.SantricityKeys;
import dev.refarch.platform.santricity.config.Tr4501;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** Static factories for settings, clients and environments pointed at a test double. */
public final class Fixtures {

  private Fixtures() {
  }

  /** An environment holding only the double's password in {@code SANTRICITY_PASSWORD}. */
  public static Function<String, String> environment() {
    return name -> SantricityKeys.PASSWORD_ENV.equals(name) ? SantricityTestDouble.PASSWORD : null;
  }

  /** Settings pointing at the double: {@code base}, then key/value pairs. */
  public static Map<String, String> settings(SantricityTestDouble array, Map<String, String> base,
      String... keysAndValues) {
    Map<String, String> out = new LinkedHashMap<>(base);
    out.put("santricity.url", array.url());
    out.put("santricity.fault.pollMillis", "100");
    out.put("santricity.volume.initPollMillis", "100");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      out.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return out;
  }

  /** TR-4501's HDD pool with an SSD read cache (C2/C3). */
  public static Map<String, String> hybrid(SantricityTestDouble array, String... more) {
    return settings(array, Tr4501.c2HddWithSsdCache(), more);
  }

  /** TR-4501's all-SSD pool (C1/C2). */
  public static Map<String, String> allSsd(SantricityTestDouble array, String... more) {
    return settings(array, Tr4501.c2AllSsd(), more);
  }

  public static ClientConfig clientConfig(SantricityTestDouble array) {
    return ClientConfig.of(array.url(), "1", new Credentials(SantricityTestDouble.USER,
        SantricityTestDouble.PASSWORD)).withTimeout(Duration.ofSeconds(10));
  }

  public static SantricityClient client(SantricityTestDouble array) {
    return SantricityClient.connect(clientConfig(array));
  }
}
