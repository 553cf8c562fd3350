/**
 * Resolving a cluster's service names from outside it: {@link
 * dev.refarch.platform.kubernetes.dns.ClusterDns} answers {@code *.svc.cluster.local} names through
 * the cluster's DNS server for every MongoDB client of this JVM, when the cluster's pods are
 * reachable from this machine (the local cluster).
 */
package dev.refarch.platform.kubernetes.dns;
