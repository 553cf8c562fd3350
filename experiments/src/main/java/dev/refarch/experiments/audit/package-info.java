/**
 * The acknowledged-write audit: {@link dev.refarch.experiments.audit.AckAudit} reads the keys the
 * binding logged for every acknowledged insert ({@code mongodb.audit.dir}) and reports those the
 * database no longer holds after a fault and recovery.
 */
package dev.refarch.experiments.audit;
