/**
 * vSphere for the reference-architecture studies: vSAN storage policies on the data disks of
 * MongoDB VMs, VM CPU/memory sizing, and VM/host faults — over vCenter's SOAP APIs (vim25 and
 * PBM) with nothing but the JDK's HTTP client and DOM.
 *
 * <p>Start reading at {@link dev.refarch.platform.vsan.hook.StoragePolicyHook} (what a trial
 * uses), then {@link dev.refarch.platform.vsan.VsanSession} (one logged-in conversation). Data
 * flows {@code config} (settings) → {@code soap} (transport) → {@code vim} and {@code pbm}
 * (operations) → {@code hook} and {@code fault} (what the SPI sees).
 */
package dev.refarch.platform.vsan;
