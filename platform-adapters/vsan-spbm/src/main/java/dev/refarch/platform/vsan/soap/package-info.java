/**
 * SOAP over the JDK HTTP client: envelopes, the session cookie (also as PBM's
 * {@code vcSessionCookie} header), faults and TLS trust. Start with
 * {@link dev.refarch.platform.vsan.soap.SoapClient}; requests are written with
 * {@link dev.refarch.platform.vsan.soap.XmlBuilder} and read with
 * {@link dev.refarch.platform.vsan.soap.Xml}. No vSphere knowledge beyond the wire format.
 */
package dev.refarch.platform.vsan.soap;
