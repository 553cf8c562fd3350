package dev.refarch.platform.local.binary;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A {@code mongod} or {@code mongos} executable and where discovery found it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param path absolute path of the executable
 * @param source how it was found: the environment variable's name ({@code MONGOD_BIN},
 *     {@code MONGOS_BIN}, {@code MONGODB_HOME}), {@code PATH}, {@code cache} (installed earlier)
 *     or {@code installed} (installed by this call)
 */
public record MongoBinary(Path path, String source) {

  public MongoBinary {
    path = path.toAbsolutePath();
    Objects.requireNonNull(source, "source");
  }
}
