/**
 * Integration tests against real vCenter simulators: stock vcsim v0.46.3 and vcsim-plus (our Go
 * wrapper in {@code src/test/go/vcsim-plus}). Start with {@link dev.refarch.platform.vsan.it.Simulators},
 * which builds them once into {@code ~/.cache/ycsb-mongo-refarch/vcsim/} and skips without Go.
 */
package dev.refarch.platform.vsan.it;
