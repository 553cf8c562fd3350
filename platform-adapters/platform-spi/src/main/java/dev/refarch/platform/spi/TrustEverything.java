package dev.refarch.platform.spi;

import java.net.Socket;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A trust manager that accepts every certificate chain, for the opt-in insecure mode of one
 * platform client ({@code vsan.insecure}, {@code santricity.insecure}); never install it JVM-wide.
 *
 * <p>It is an {@link X509ExtendedTrustManager} on purpose: JSSE checks the host name itself only
 * for plain {@code X509TrustManager}s, so this also skips host-name verification — for the one
 * client whose {@code SSLContext} holds it, without the JVM-wide
 * {@code jdk.internal.httpclient.disableHostnameVerification} switch. Stateless and thread-safe.
 */
public final class TrustEverything extends X509ExtendedTrustManager {

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType) {
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return new X509Certificate[0];
  }
}
