package dev.refarch.testcontainers.junit;

import com.mongodb.client.MongoClient;
import dev.refarch.platform.spi.Redaction;
import dev.refarch.platform.spi.RunningCluster;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The lifecycle behind {@link MongoCluster}: chooses a backend for the annotated class
 * ({@link Backends}), starts its cluster before the class's first test, reports each test as
 * skipped with the reasons when no backend can provide it, injects the connection string, a
 * {@link MongoClient} or the {@link RunningCluster}, and closes client and cluster after the
 * class's last test.
 *
 * <p>Each test that runs publishes the report entry {@value #BACKEND_ENTRY} naming the backend.
 *
 * <p>One cluster per annotated class, kept in that class's extension store; {@code @Nested}
 * classes share their enclosing class's. Skips are decided per test method, so each test shows
 * as skipped with the reason in the test report. Registered by {@link MongoCluster}; stateless
 * and thread-safe itself.
 */
public final class MongoClusterExtension implements BeforeAllCallback, AfterAllCallback,
    BeforeEachCallback, ExecutionCondition, ParameterResolver {

  /**
   * The report entry each test that runs gets, naming the backend its cluster came from
   * ({@code testcontainers}, {@code local}, {@code uri}), so that reports and listeners can count
   * the tests that ran against containers.
   */
  public static final String BACKEND_ENTRY = "refarch.cluster.backend";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(MongoClusterExtension.class);

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (owner(context).isEmpty() || context.getTestMethod().isEmpty()) {
      return ConditionEvaluationResult.enabled("the cluster is chosen per test");
    }
    ClusterHandle handle = handle(context);
    return handle.skipReason().map(ConditionEvaluationResult::disabled)
        .orElseGet(() -> ConditionEvaluationResult.enabled("MongoDB "
            + handle.choice().topology().label() + " from " + handle.choice().chosen().name()));
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!owns(context)) {
      return;
    }
    ClusterHandle handle = handle(context);
    Backends.Choice choice = handle.choice();
    if (choice.available()) {
      RunningCluster cluster = handle.cluster();
      System.err.println("[@MongoCluster] " + context.getRequiredTestClass().getSimpleName() + ": "
          + choice.topology().label() + " from " + choice.chosen().name() + " at "
          + Redaction.maskUri(cluster.connectionString())
          + (choice.reasons().isEmpty() ? "" : " (" + String.join("; ", choice.reasons()) + ")"));
    } else {
      System.err.println("[@MongoCluster] " + context.getRequiredTestClass().getSimpleName()
          + ": tests skipped: " + choice.skipReason());
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (owner(context).isPresent() && handle(context).choice().available()) {
      context.publishReportEntry(BACKEND_ENTRY, handle(context).choice().chosen().name());
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (owns(context)) {
      ClusterHandle handle = context.getStore(NAMESPACE)
          .remove(context.getRequiredTestClass(), ClusterHandle.class);
      if (handle != null) {
        handle.close();
      }
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    if (owner(context).isEmpty()) {
      return false;
    }
    Class<?> type = parameter.getParameter().getType();
    if (type == String.class) {
      return parameter.isAnnotated(MongoUri.class) || !inTemplate(parameter);
    }
    return type == MongoClient.class || type == RunningCluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    ClusterHandle handle = handle(context);
    Class<?> type = parameter.getParameter().getType();
    if (type == MongoClient.class) {
      return handle.client();
    }
    RunningCluster cluster = handle.cluster();
    return type == String.class ? cluster.connectionString() : cluster;
  }

  private static boolean inTemplate(ParameterContext parameter) {
    return parameter.getDeclaringExecutable() instanceof Method m
        && AnnotationSupport.isAnnotated(m, TestTemplate.class);
  }

  /** The class whose {@link MongoCluster} applies: the test class, or one enclosing it. */
  private static Optional<Class<?>> owner(ExtensionContext context) {
    for (Class<?> c = context.getTestClass().orElse(null); c != null; c = c.getEnclosingClass()) {
      if (AnnotationSupport.findAnnotation(c, MongoCluster.class).isPresent()) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** Whether {@code context} is the class context that owns the cluster. */
  private static boolean owns(ExtensionContext context) {
    return context.getTestMethod().isEmpty()
        && owner(context).equals(context.getTestClass());
  }

  /** The owner's handle, created in the owner's class context on first use. */
  private static ClusterHandle handle(ExtensionContext context) {
    Class<?> owner = owner(context).orElseThrow();
    ExtensionContext ownerContext = context;
    while (!(ownerContext.getTestMethod().isEmpty()
        && ownerContext.getTestClass().equals(Optional.of(owner)))) {
      ownerContext = ownerContext.getParent().orElseThrow(() -> new IllegalStateException(
          "no class context for " + owner.getName()));
    }
    MongoCluster annotation = AnnotationSupport.findAnnotation(owner, MongoCluster.class)
        .orElseThrow();
    return ownerContext.getStore(NAMESPACE).getOrComputeIfAbsent(owner,
        key -> create(annotation), ClusterHandle.class);
  }

  private static ClusterHandle create(MongoCluster annotation) {
    Map<String, String> settings = settings(annotation.settings());
    Backends.Choice choice = Backends.choose(annotation.topology().topology(annotation),
        settings, Backends.resolve(List.of(annotation.backends()), annotation.uriProperty(),
            System::getProperty));
    return new ClusterHandle(choice, settings);
  }

  /** {@code key=value} entries as a map. */
  static Map<String, String> settings(String[] entries) {
    Map<String, String> out = new LinkedHashMap<>();
    Arrays.stream(entries).forEach(e -> {
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new ConfigurationException("@MongoCluster.settings", e, "key=value entries");
      }
      out.put(e.substring(0, eq).trim(), e.substring(eq + 1).trim());
    });
    return out;
  }
}
