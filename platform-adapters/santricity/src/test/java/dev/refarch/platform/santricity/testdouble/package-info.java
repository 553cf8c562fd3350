/**
 * A stateful test double of SANtricity Web Services: an in-JVM HTTP(S) server on 127.0.0.1 that
 * keeps drives, pools, volumes, the SSD cache, I/O counters and reconstruction progress, answers in
 * the JSON shapes of NetApp's 11.9x or 12.0x swagger, and records every exchange for the contract
 * test. Start at {@link dev.refarch.platform.santricity.testdouble.SantricityTestDouble}.
 */
package dev.refarch.platform.santricity.testdouble;
