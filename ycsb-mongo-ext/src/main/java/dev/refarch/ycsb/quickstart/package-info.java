/**
 * The README's first command: {@link dev.refarch.ycsb.quickstart.QuickStart} starts a local
 * replica set, loads and runs a core workload through the binding with the stock YCSB client.
 */
package dev.refarch.ycsb.quickstart;
