package dev.refarch.ycsb.mongo;

import com.mongodb.client.MongoClient;
import java.io.File;
import java.util.jar.JarFile;

/** The MongoDB Java driver's version, read once; the driver has no public version API. */
final class DriverVersion {

  /** The driver jar's {@code Build-Version} manifest entry, or {@code unknown (...)}. */
  static final String VALUE = read();

  private DriverVersion() {
  }

  private static String read() {
    try {
      var location = MongoClient.class.getProtectionDomain().getCodeSource().getLocation();
      try (var jar = new JarFile(new File(location.toURI()))) {
        String v = jar.getManifest().getMainAttributes().getValue("Build-Version");
        return v == null ? "unknown" : v;
      }
    } catch (Exception e) {
      return "unknown (" + e.getClass().getSimpleName() + ")";
    }
  }
}
