/**
 * Storage Policy Based Management: vSAN rules ({@link dev.refarch.platform.vsan.pbm.VsanRules}),
 * policies, disk associations and compliance. Start with
 * {@link dev.refarch.platform.vsan.pbm.PbmClient}.
 */
package dev.refarch.platform.vsan.pbm;
