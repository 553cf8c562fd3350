package dev.refarch.testcontainers.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code String} parameter that {@link MongoCluster} fills with the connection string.
 * Plain {@code String} parameters are filled without it, except in parameterized and other
 * template tests, whose {@code String} parameters belong to their arguments.
 *
 * <pre>{@code
 * @ParameterizedTest
 * @ValueSource(strings = {"balanced", "durable"})
 * void writes(String profile, @MongoUri String uri) { ... }
 * }</pre>
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface MongoUri {
}
