package dev.refarch.platform.kubernetes.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.kubernetes.api.ManagedObjects;
import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import dev.refarch.platform.kubernetes.testing.TestHookContext;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformState;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The PVC hook's restore at every step: a clean load phase that fails counts the hook's changing
 * API calls (creates and deletes); then, for every k, the k-th of them is refused once (HTTP
 * 403), and after {@code before} and {@code after} — the contract calls {@code after}
 * also when {@code before} threw — the cluster must hold exactly what it held at the start: the
 * class the cluster already had, and nothing of the trial. A refused delete may leave the
 * restore to a second {@code after}, and then the first one must have said what is left.
 *
 * <p>Against fabric8's mock server with {@link FakeKubernetes} as the provisioner; its own calls
 * are not counted (only requests carrying this test's user agent are).
 */
class PvcHookRestoreAtEveryStepTest {

  private static final String UNDER_TEST = "refarch-hook-under-test";

  /** Fails the k-th changing request of the hook's client, once; counts them all. */
  private static final class RefusingDispatcher extends KubernetesCrudDispatcher {
    private static final Set<String> CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");
    final AtomicInteger calls = new AtomicInteger();
    final List<String> seen = new ArrayList<>();
    volatile int refuse;

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String agent = request.getHeader("User-Agent");
      if (CHANGING.contains(request.getMethod()) && agent != null && agent.contains(UNDER_TEST)) {
        int n = calls.incrementAndGet();
        synchronized (seen) {
          seen.add(request.getMethod() + " " + request.getPath());
        }
        if (n == refuse) {
          // 403, not a 5xx: the client retries server errors by itself (and then succeeds)
          return new MockResponse().setResponseCode(403).setBody("{\"kind\":\"Status\","
              + "\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":403,"
              + "\"reason\":\"Forbidden\",\"message\":\"refused by the test (call " + n
              + ")\"}");
        }
      }
      return super.dispatch(request);
    }
  }

  private record Outcome(List<String> calls, Map<String, String> facts, boolean beforeFailed,
      boolean firstAfterFailed, List<String> left, boolean existingClassKept) {
  }

  private static Map<String, String> settings(String binding) {
    return new HashMap<>(Map.of("k8s.trial", "t1", "k8s.storageClass", "vsan-gold",
        "k8s.storageClass.provisioner", FakeKubernetes.CSI_DRIVER,
        "k8s.storageClass.volumeBindingMode", binding, "k8s.pvc.waitForFirstConsumer",
        "binder-pod", "k8s.pvc.names", "mongodb-data,mongodb-config", "k8s.pvc.size", "8Gi",
        "k8s.timeoutSeconds", "10"));
  }

  /** One load phase that fails, with the {@code refuse}-th changing call refused (0: none). */
  private static Outcome run(String binding, int refuse) throws Exception {
    RefusingDispatcher dispatcher = new RefusingDispatcher();
    dispatcher.refuse = refuse;
    KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(),
        new HashMap<>(), dispatcher, false);
    server.init();
    try (KubernetesClient admin = server.createClient();
        FakeKubernetes k8s = FakeKubernetes.start(server, "test", "node-a")) {
      admin.storage().v1().storageClasses().resource(new StorageClassBuilder().withNewMetadata()
          .withName("standard").endMetadata().withProvisioner(FakeKubernetes.CSI_DRIVER).build())
          .create();
      PvcHook hook = new PvcHook(s -> server.createClient(b -> b.editOrNewConfig()
          .withUserAgent(UNDER_TEST).withNamespace("test").endConfig()));
      TestHookContext load = new TestHookContext(hook.name(), Phase.LOAD, settings(binding),
          PlatformState.empty());
      boolean beforeFailed = fails(() -> hook.before(load));
      PhaseOutcome failed = PhaseOutcome.failed("client load-0 died");
      boolean firstAfterFailed = fails(() -> hook.after(load, failed));
      List<String> leftAfterFirst = ManagedObjects.remaining(admin, "test", "t1");
      if (firstAfterFailed) {
        assertThat(load.facts().get("cleanup")).as("the first after says what is left")
            .startsWith("failed: ").contains("refused by the test");
        hook.after(load, failed);
      }
      assertThat(leftAfterFirst.isEmpty() || firstAfterFailed)
          .as("objects left although after reported success: %s", leftAfterFirst).isTrue();
      return new Outcome(List.copyOf(dispatcher.seen), load.facts(), beforeFailed,
          firstAfterFailed, ManagedObjects.remaining(admin, "test", "t1"),
          admin.storage().v1().storageClasses().withName("standard").get() != null);
    } finally {
      server.destroy();
    }
  }

  private interface Call {
    void run() throws Exception;
  }

  private static boolean fails(Call call) {
    try {
      call.run();
      return false;
    } catch (Exception e) {
      assertThat(e.getMessage()).as("a refusal names the call").contains("refused by the test");
      return true;
    }
  }

  /**
   * With a WaitForFirstConsumer class and a binder pod: the longest path (an Immediate class's
   * calls are these without the pod's two).
   */
  @Test
  void aRefusalAtAnyStepLeavesTheClusterAsItWas() throws Exception {
    String binding = "WaitForFirstConsumer";
    Outcome clean = run(binding, 0);
    assertThat(clean.beforeFailed()).isFalse();
    assertThat(clean.left()).isEmpty();
    // the class, two claims, the binder pod and its deletion, then the cleanup's deletes
    assertThat(clean.calls()).anyMatch(c -> c.startsWith("POST") && c.contains("storageclasses"))
        .anyMatch(c -> c.startsWith("POST") && c.endsWith("/pods"))
        .anyMatch(c -> c.startsWith("DELETE") && c.contains("storageclasses"));
    int steps = clean.calls().size();

    List<String> problems = new ArrayList<>();
    IntStream.rangeClosed(1, steps).forEach(k -> {
      try {
        Outcome o = run(binding, k);
        if (!o.left().isEmpty() || !o.existingClassKept()) {
          problems.add("call " + k + " (" + clean.calls().get(k - 1) + ") refused: left "
              + o.left() + (o.existingClassKept() ? "" : ", and the existing class is gone"));
        }
        if (!o.beforeFailed() && !o.firstAfterFailed()) {
          problems.add("call " + k + " (" + clean.calls().get(k - 1) + ") refused, but neither"
              + " before nor after failed");
        }
      } catch (Exception | AssertionError e) {
        problems.add("call " + k + " (" + clean.calls().get(k - 1) + "): " + e.getMessage());
      }
    });
    assertThat(problems).as("%d steps of %s", steps, clean.calls()).isEmpty();
  }
}
