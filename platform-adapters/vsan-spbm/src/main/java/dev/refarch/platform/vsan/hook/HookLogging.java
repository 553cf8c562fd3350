package dev.refarch.platform.vsan.hook;

import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.vsan.config.Connection;

/** Operator messages shared by the vSAN hooks; never given a secret. */
final class HookLogging {

  private HookLogging() {
  }

  /** Plain http is accepted for simulators; say what it costs. */
  static void warnIfPlainHttp(Connection connection, HookContext context) {
    if ("http".equals(connection.url().getScheme())) {
      context.log("vsan.url " + connection.url() + " is plain http: credentials travel"
          + " unencrypted; use https outside simulators");
    }
  }
}
