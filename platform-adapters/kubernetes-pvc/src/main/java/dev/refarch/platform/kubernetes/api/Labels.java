package dev.refarch.platform.kubernetes.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The labels on every object this adapter creates, so that cleanup, tests and operators find them
 * by label: {@code app.kubernetes.io/managed-by=ycsb-mongo-refarch}, {@code refarch/trial=<id>}
 * and {@code app.kubernetes.io/component=<storage|mongodb|clients>}.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * kubectl get all,pvc,secret,configmap -l app.kubernetes.io/managed-by=ycsb-mongo-refarch
 * }</pre>
 */
public final class Labels {

  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String MANAGER = "ycsb-mongo-refarch";
  public static final String TRIAL = "refarch/trial";
  public static final String COMPONENT = "app.kubernetes.io/component";
  /** On MongoDB pods: the StatefulSet (replica set or router group) the pod belongs to. */
  public static final String GROUP = "refarch/group";
  /**
   * On nodes a fault cordoned or tainted (nodes are not ours, so an annotation, not a label):
   * the trial that did it, so a later cleanup can undo it.
   */
  public static final String NODE_FAULT_ANNOTATION = "refarch/node-fault";

  private Labels() {
  }

  /** The labels of an object of {@code component} created for {@code trial}. */
  public static Map<String, String> of(String trial, String component) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(MANAGED_BY, MANAGER);
    labels.put(TRIAL, trial);
    labels.put(COMPONENT, component);
    return labels;
  }

  /** The selector of every object created for {@code trial}. */
  public static Map<String, String> selector(String trial) {
    return Map.of(MANAGED_BY, MANAGER, TRIAL, trial);
  }
}
