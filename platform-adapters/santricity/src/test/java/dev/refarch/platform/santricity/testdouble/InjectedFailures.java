package dev.refarch.platform.santricity.testdouble;

import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.ChangeFailure;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * The errors a test asked the double to answer instead of the array's own: the next request of a
 * method and path, or the n-th change from now. Either may be carried out before the error is
 * answered, like a change the controller made although its answer was lost.
 *
 * <p>Guarded by the double's lock.
 */
final class InjectedFailures {

  private record Injection(String method, Pattern path, int status, String retcode,
      String message, boolean applyAnyway) {
  }

  private final Deque<Injection> next = new ArrayDeque<>();
  private int failAtChange;
  private ChangeFailure changeFailure;
  private int changesSinceArmed;
  private String refusedForGood;

  void failNext(String method, String pathRegex, int status, String retcode, String message,
      boolean applyAnyway) {
    next.add(new Injection(method, Pattern.compile(pathRegex), status, retcode, message,
        applyAnyway));
  }

  void failChange(int n, ChangeFailure how) {
    failAtChange = n;
    changeFailure = how;
    changesSinceArmed = 0;
    refusedForGood = null;
  }

  /**
   * The error to answer instead of handling the request, or {@code null} to handle it; runs
   * {@code apply} first when the injected failure carries the request out.
   *
   * @param path the raw path, starting with {@code /devmgr/v2/}
   * @param rel the path relative to {@code /devmgr/v2/}
   * @param mutating whether the request asks for a change
   */
  ApiError intercept(String method, String path, String rel, boolean mutating, Runnable apply) {
    String request = method + " " + path;
    if (request.equals(refusedForGood)) {
      return new ApiError(500, "internalError", "systemerror", "injected failure of " + request
          + " (refused for good)");
    }
    if (failAtChange > 0 && mutating && ++changesSinceArmed == failAtChange) {
      failAtChange = 0;
      if (changeFailure == ChangeFailure.CARRIED_OUT) {
        apply.run();
      } else if (changeFailure == ChangeFailure.REFUSED_FOR_GOOD) {
        refusedForGood = request;
      }
      return new ApiError(500, "internalError", "systemerror", "injected failure of change "
          + changesSinceArmed + ", " + request + " (" + changeFailure + ")");
    }
    for (Injection i : next) {
      if (i.method.equals(method) && i.path.matcher(rel).matches()) {
        next.remove(i);
        if (i.applyAnyway) {
          apply.run();
        }
        return new ApiError(i.status, i.retcode, "symbol", i.message);
      }
    }
    return null;
  }
}
