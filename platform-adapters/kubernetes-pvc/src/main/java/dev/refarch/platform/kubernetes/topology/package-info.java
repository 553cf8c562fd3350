/**
 * MongoDB on Kubernetes: how a topology maps onto StatefulSets with PVC templates
 * ({@link dev.refarch.platform.kubernetes.topology.ClusterLayout}), the objects built for it and
 * the scripts its pods run, and their creation and readiness
 * ({@link dev.refarch.platform.kubernetes.topology.MongoDeployment}, the class to start with).
 */
package dev.refarch.platform.kubernetes.topology;
