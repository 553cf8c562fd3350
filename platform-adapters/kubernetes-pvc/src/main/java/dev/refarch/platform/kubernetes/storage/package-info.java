/**
 * The {@code kubernetes-pvc} platform hook: a StorageClass (any provisioner; vSphere CSI with a
 * storage policy in the seeds) and PersistentVolumeClaims, waited on until Bound, with the bound
 * volumes' ids in the platform state.
 *
 * <p>Start with {@link dev.refarch.platform.kubernetes.storage.PvcHook};
 * {@link dev.refarch.platform.kubernetes.storage.StorageClasses} finds or creates the class and
 * {@link dev.refarch.platform.kubernetes.storage.VolumeFacts} describes a claim's volume (also
 * for the provisioner's claims).
 */
package dev.refarch.platform.kubernetes.storage;
