package dev.refarch.platform.kubernetes.testing;

import dev.refarch.platform.kubernetes.api.ClientFactory;
import dev.refarch.platform.kubernetes.config.K8sSettings;
import dev.refarch.platform.kubernetes.local.LocalKubernetes;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;

/**
 * JUnit 5 extension for tests against a real Kubernetes cluster: the local one of
 * {@code src/bin/k8s-up} when it runs (CI starts it; {@code REFARCH_K8S=up} makes the tests
 * start it), or any cluster whose kubeconfig {@code REFARCH_K8S_KUBECONFIG} names;
 * {@code REFARCH_K8S=off} skips them even when the local cluster runs (CI runs them from a copy of
 * the tree beside {@code mvn verify}, which must not run them a second time). Each test class
 * gets a namespace of its own, deleted (and awaited gone) after it. Without a cluster the tests
 * are skipped with the reason. Images and pod sizes: {@link LocalKubernetes#settings()}; for
 * another cluster {@code REFARCH_MONGOD_IMAGE} and {@code REFARCH_CLIENT_IMAGE}.
 *
 * <p>Resolves {@link Cluster} parameters.
 *
 * <pre>{@code
 * @ExtendWith(RealKubernetes.class)
 * class FooIT {
 *   @Test void bar(RealKubernetes.Cluster k8s) { k8s.settings(); k8s.client(); }
 * }
 * }</pre>
 */
public final class RealKubernetes implements BeforeAllCallback, AfterAllCallback,
    ParameterResolver {

  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(RealKubernetes.class);

  /**
   * The cluster a test class runs against.
   *
   * @param namespace the class's own namespace
   * @param settings the {@code k8s.*} settings that reach it (images, namespace and small pod
   *     resources included)
   * @param client an admin client, closed after the class
   */
  public record Cluster(String namespace, Map<String, String> settings, KubernetesClient client) {
    public Cluster {
      settings = Map.copyOf(settings);
    }

    /** {@link #settings} with {@code more} on top. */
    public Map<String, String> with(Map<String, String> more) {
      Map<String, String> s = new LinkedHashMap<>(settings);
      s.putAll(more);
      return s;
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    Map<String, String> s = new LinkedHashMap<>(base());
    KubernetesClient client = ClientFactory.fromKubeconfig().open(K8sSettings.from(s));
    String ns = "it-" + context.getRequiredTestClass().getSimpleName().toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9]", "") + "-" + Integer.toString(
        ThreadLocalRandom.current().nextInt(1 << 20), 36);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns)
        .endMetadata().build()).create();
    s.put("k8s.namespace", ns);
    if (!s.containsKey("k8s.mongodb.image")) {
      throw new TestAbortedException("no mongod image: build one and import it (eval \"$("
          + "src/bin/build-images mongod client)\"; src/bin/k8s-up \"$REFARCH_MONGOD_IMAGE_TAR\""
          + " \"$REFARCH_CLIENT_IMAGE_TAR\"), or set REFARCH_MONGOD_IMAGE");
    }
    context.getStore(STORE).put("cluster", new Cluster(ns, s, client));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Cluster c = context.getStore(STORE).remove("cluster", Cluster.class);
    if (c == null) {
      return;
    }
    try {
      c.client().namespaces().withName(c.namespace()).delete();
      c.client().namespaces().withName(c.namespace()).waitUntilCondition(n -> n == null,
          Duration.ofMinutes(3).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } finally {
      c.client().close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == Cluster.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    return e.getStore(STORE).get("cluster", Cluster.class);
  }

  /** The settings that reach the cluster, or the test is aborted with the reason. */
  private static Map<String, String> base() {
    Map<String, String> s = new LinkedHashMap<>();
    if ("off".equals(System.getenv("REFARCH_K8S"))) {
      throw new TestAbortedException("REFARCH_K8S=off: the real-cluster tests run elsewhere"
          + " (CI: .ci/k8s, beside mvn verify)");
    }
    String kubeconfig = System.getenv("REFARCH_K8S_KUBECONFIG");
    if (kubeconfig != null && !kubeconfig.isBlank()) {
      s.put("k8s.kubeconfig", kubeconfig);
      Optional.ofNullable(System.getenv("REFARCH_MONGOD_IMAGE"))
          .ifPresent(i -> s.put("k8s.mongodb.image", i));
      Optional.ofNullable(System.getenv("REFARCH_CLIENT_IMAGE"))
          .ifPresent(i -> s.put("k8s.clients.image", i));
    } else {
      Optional<String> why = LocalKubernetes.unavailableReason();
      if (why.isPresent()) {
        throw new TestAbortedException("no Kubernetes cluster: " + why.get());
      }
      boolean start = "up".equals(System.getenv("REFARCH_K8S"));
      if (!start && !LocalKubernetes.running()) {
        throw new TestAbortedException("no Kubernetes cluster: the local one is not running"
            + " (src/bin/k8s-up, or REFARCH_K8S=up to let the tests start it; or set"
            + " REFARCH_K8S_KUBECONFIG to another cluster's kubeconfig)");
      }
      s.putAll(LocalKubernetes.up().settings());
    }
    s.put("k8s.timeoutSeconds", "300");
    return s;
  }
}
