/** Tests of the launcher and of the binding's YCSB-style distribution. */
package dev.refarch.ycsb.launch;
