/**
 * The vim25 operations the studies need: login, inventory reads through the PropertyCollector,
 * VM reconfigure (disk policy, CPU, memory) and power, host maintenance, connection and power, and
 * task waiting. Start with {@link dev.refarch.platform.vsan.vim.VimClient}.
 */
package dev.refarch.platform.vsan.vim;
