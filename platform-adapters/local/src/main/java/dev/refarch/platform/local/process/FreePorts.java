package dev.refarch.platform.local.process;

import dev.refarch.platform.spi.PlatformException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Finds TCP ports on 127.0.0.1 that nothing listens on.
 *
 * <p>Thread-safe. Ports come from {@value #FIRST}–{@value #LAST}, below Linux's default
 * ephemeral range (32768–60999), so an outgoing connection cannot take a port between the probe
 * and {@code mongod} binding it; only another listener could.
 */
public final class FreePorts {

  static final int FIRST = 20_000;
  static final int LAST = 32_000;

  private FreePorts() {
  }

  /**
   * {@code count} distinct free ports, probed by binding each; all probes are held until the
   * last is found, so the ports are distinct.
   *
   * @throws PlatformException when the range has too few free ports
   */
  public static List<Integer> allocate(int count) {
    List<ServerSocket> held = new ArrayList<>();
    List<Integer> ports = new ArrayList<>();
    int span = LAST - FIRST + 1;
    int start = ThreadLocalRandom.current().nextInt(span);
    try {
      for (int i = 0; i < span && ports.size() < count; i++) {
        int port = FIRST + (start + i) % span;
        ServerSocket socket = tryBind(port);
        if (socket != null) {
          held.add(socket);
          ports.add(port);
        }
      }
    } finally {
      held.forEach(FreePorts::close);
    }
    if (ports.size() < count) {
      throw new PlatformException("allocate ports", "found " + ports.size() + " of " + count
          + " free ports in " + FIRST + "-" + LAST + " on " + MemberSpec.HOST);
    }
    return List.copyOf(ports);
  }

  private static ServerSocket tryBind(int port) {
    try {
      ServerSocket socket = new ServerSocket();
      try {
        socket.bind(new InetSocketAddress(InetAddress.getByName(MemberSpec.HOST), port));
        return socket;
      } catch (IOException inUse) {
        socket.close();
        return null; // taken: the caller tries the next port
      }
    } catch (IOException e) {
      throw new PlatformException("allocate ports", "cannot open a socket: " + e, e);
    }
  }

  private static void close(ServerSocket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      throw new PlatformException("allocate ports", "cannot close probe socket: " + e, e);
    }
  }
}
