package dev.refarch.platform.kubernetes.api;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.spi.Redaction;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Turns the API server's refusals into messages that name the operation, the object, what the
 * server said and how to fix it: forbidden (RBAC), exceeded quota, not found, invalid, conflict.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Pvc pvc = ApiErrors.call("create PersistentVolumeClaim test/data", () -> pvcs.resource(p).create());
 * }</pre>
 */
public final class ApiErrors {

  private ApiErrors() {
  }

  /** Runs {@code call}, translating a {@link KubernetesClientException} into a clear one. */
  public static <T> T call(String operation, Supplier<T> call) {
    try {
      return call.get();
    } catch (KubernetesClientException e) {
      throw translate(operation, e);
    }
  }

  /** Runs {@code call}, translating a {@link KubernetesClientException} into a clear one. */
  public static void run(String operation, Runnable call) {
    call(operation, () -> {
      call.run();
      return null;
    });
  }

  /** A {@link PlatformException} for {@code operation} that says what went wrong and the fix. */
  public static PlatformException translate(String operation, KubernetesClientException e) {
    String said = serverMessage(e);
    String lower = said.toLowerCase(Locale.ROOT);
    String message;
    if (lower.contains("exceeded quota")) {
      message = "the namespace's ResourceQuota is exhausted (HTTP " + e.getCode() + "): " + said
          + "; fix: lower k8s.pvc.size, k8s.mongodb.cpu/memory or k8s.clients.cpu/memory, delete"
          + " unused objects, or raise the quota (kubectl describe resourcequota)";
    } else if (e.getCode() == 403) {
      message = "forbidden by RBAC (HTTP 403): " + said + "; fix: grant the identity of the"
          + " kubeconfig context the verbs this adapter needs (src/docs/platforms.md, 'RBAC')";
    } else if (e.getCode() == 404) {
      message = "not found (HTTP 404): " + said + "; check k8s.namespace and the object's name";
    } else if (e.getCode() == 422) {
      message = "rejected as invalid (HTTP 422): " + said;
    } else if (e.getCode() == 409) {
      message = "conflict (HTTP 409): " + said + "; an object of that name exists: delete it or"
          + " set another k8s.mongodb.name / k8s.trial";
    } else if (e.getCode() == 401) {
      message = "not authenticated (HTTP 401): the kubeconfig's credentials were refused or have"
          + " expired; log in again (e.g. refresh the token) and retry";
    } else if (e.getCode() <= 0) {
      message = "the API server could not be reached: " + said + "; check the kubeconfig's"
          + " server address and the network";
    } else {
      message = "HTTP " + e.getCode() + ": " + said;
    }
    return new PlatformException(operation, Redaction.maskUri(message), e);
  }

  private static String serverMessage(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return e.getStatus().getMessage();
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
  }

  /** Whether {@code e} is the server saying the object does not exist. */
  public static boolean notFound(KubernetesClientException e) {
    return e.getCode() == 404;
  }
}
