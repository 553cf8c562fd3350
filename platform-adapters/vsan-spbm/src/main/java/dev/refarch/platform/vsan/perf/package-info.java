/**
 * The vSAN performance service ({@code VsanPerformanceManager} at {@code /vsanHealth}): the
 * metrics each entity type offers and their units, and per-entity series over a time range. Start
 * with {@link dev.refarch.platform.vsan.perf.PerfClient}.
 */
package dev.refarch.platform.vsan.perf;
