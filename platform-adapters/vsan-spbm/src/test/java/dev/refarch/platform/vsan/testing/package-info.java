/**
 * Unit-test fixtures: {@link dev.refarch.platform.vsan.testing.FakeVcenter}, an in-JVM vCenter
 * answering with SOAP payloads captured from the simulators ({@code src/test/resources/soap/}),
 * and {@link dev.refarch.platform.vsan.testing.TestContext}, a recording hook context.
 */
package dev.refarch.platform.vsan.testing;
