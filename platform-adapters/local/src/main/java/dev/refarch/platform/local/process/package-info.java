/**
 * One member process at a time: how it is started ({@link
 * dev.refarch.platform.local.process.MemberSpec}), its life and signals ({@link
 * dev.refarch.platform.local.process.Member}), and what it says about itself ({@link
 * dev.refarch.platform.local.process.MemberView}).
 *
 * <p>Start with {@link dev.refarch.platform.local.process.Member}. Nothing here knows about
 * replica sets or shards as a whole; that is {@link dev.refarch.platform.local.deploy}.
 */
package dev.refarch.platform.local.process;
