/**
 * YCSB's own properties that this library reads or depends on, declared once and checked before
 * anything connects or writes. Start with {@link dev.refarch.ycsb.config.YcsbProperties}.
 *
 * <p>Nothing here depends on the other packages of the module; they all read YCSB's keys from here.
 */
package dev.refarch.ycsb.config;
