package dev.refarch.platform.vsan;

import dev.refarch.platform.vsan.config.Connection;
import dev.refarch.platform.vsan.pbm.PbmClient;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.spi.TlsTrust;
import dev.refarch.platform.vsan.vim.VimClient;
import javax.net.ssl.SSLContext;

/**
 * One authenticated conversation with vCenter: the vim25 client and, on first use, PBM over the
 * same session. Closing logs out (unless the session was someone else's).
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * try (VsanSession vc = VsanSession.open(Connection.from(properties, System.getenv()))) {
 *   List<StoragePolicy> policies = vc.pbm().policies();
 * }
 * }</pre>
 */
public final class VsanSession implements AutoCloseable {

  private final VimClient vim;
  private PbmClient pbm;

  private VsanSession(VimClient vim) {
    this.vim = vim;
  }

  /**
   * Connects and logs in (or attaches to the given session).
   *
   * @throws dev.refarch.platform.spi.PlatformException when the server is unreachable, its
   *     certificate is not trusted, or the login is refused
   */
  public static VsanSession open(Connection connection) {
    SoapClient soap = SoapClient.create(connection.url(), tls(connection), connection.timeout());
    if (connection.sessionCookie() != null) {
      return new VsanSession(VimClient.attach(soap, connection.sessionCookie().reveal(),
          connection.timeout()));
    }
    return new VsanSession(VimClient.login(soap, connection.username(),
        connection.password().reveal(), connection.timeout()));
  }

  private static SSLContext tls(Connection connection) {
    if (connection.insecure()) {
      return TlsTrust.insecure();
    }
    return connection.caFile() != null ? TlsTrust.pemFile(connection.caFile())
        : TlsTrust.verified();
  }

  public VimClient vim() {
    return vim;
  }

  /** PBM on this session, connected on first use. */
  public synchronized PbmClient pbm() {
    if (pbm == null) {
      pbm = PbmClient.connect(vim);
    }
    return pbm;
  }

  @Override
  public void close() {
    vim.close();
  }
}
