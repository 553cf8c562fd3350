package dev.refarch.experiments.report.format;

/**
 * The frame every report page shares: a strict Content-Security-Policy that lets nothing load
 * from anywhere (images are {@code data:} URIs; style and script are inline), the stylesheet,
 * and a small inline script that records the page's own errors into the DOM.
 *
 * <p>The script is what the browser test reads (Chromium's {@code --dump-dom}): it sets
 * {@code data-errors} on the root element to the number of script errors, failed image loads,
 * CSP violations, {@code console.error} calls and (on {@code load}) elements sharing an id,
 * lists them in {@code #report-errors} (shown only when there are any), and, on {@code load},
 * sets {@code data-charts-rendered} to the number of images that decoded. Stateless and
 * thread-safe.
 */
final class Page {

  static final String CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
      + "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

  /** The id of the element that lists the page's own errors. */
  static final String ERRORS_ID = "report-errors";

  private static final String SCRIPT = """
      (function () {
        var errors = [];
        function record(message) {
          errors.push(String(message));
          document.documentElement.setAttribute('data-errors', String(errors.length));
          var list = document.getElementById('report-errors');
          if (list) { list.textContent = errors.join('\\n'); list.hidden = false; }
        }
        document.documentElement.setAttribute('data-errors', '0');
        window.addEventListener('error', function (e) {
          var t = e.target;
          record(t && t.tagName ? 'cannot load ' + t.tagName.toLowerCase() + (t.alt ? ' "' + t.alt + '"' : '')
              : 'script error: ' + e.message);
        }, true);
        window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
        document.addEventListener('securitypolicyviolation', function (e) {
          record('blocked ' + e.blockedURI + ' (' + e.violatedDirective + ')');
        });
        var consoleError = console.error;
        console.error = function () {
          record(Array.prototype.join.call(arguments, ' '));
          return consoleError.apply(console, arguments);
        };
        window.addEventListener('load', function () {
          var seen = {};
          var withId = document.querySelectorAll('[id]');
          for (var j = 0; j < withId.length; j++) {
            if (seen[withId[j].id]) { record('duplicate id ' + withId[j].id); }
            seen[withId[j].id] = true;
          }
          var rendered = 0;
          for (var i = 0; i < document.images.length; i++) {
            var img = document.images[i];
            if (img.complete && img.naturalWidth > 0) { rendered++; }
          }
          document.documentElement.setAttribute('data-charts-rendered', String(rendered));
          document.documentElement.setAttribute('data-errors', String(errors.length));
        });
      })();
      """;

  private static final String STYLE = """
      body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
      h1 { margin-bottom: 0.2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
      dl.meta { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
      dl.meta dt { font-weight: bold; }
      nav a { margin-right: 1em; }
      table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; display: block; max-width: 100%; overflow-x: auto; }
      th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
      th { background: #f3f3f3; }
      tr.baseline td { background: #eef5ff; } tr.slo-best td { background: #e8f7ee; font-weight: bold; }
      tr.failed td, tr.missing td, tr.empty td { color: #8a1c1c; }
      tr.agrees td:first-child { color: #176d2c; font-weight: bold; }
      tr.disagrees td:first-child { color: #8a1c1c; font-weight: bold; }
      tr.inconclusive td:first-child { color: #8a5a00; font-weight: bold; }
      tr.not-comparable td:first-child { color: #666; }
      span.flag { color: #8a5a00; }
      table.trials td:last-child { white-space: pre-wrap; font-family: monospace; font-size: 0.85em; }
      figure.chart { margin: 1.5em 0; } figure.chart img { max-width: 100%; height: auto; border: 1px solid #eee; }
      figcaption { font-size: 0.9em; color: #555; max-width: 860px; }
      p.note { color: #555; }
      #report-errors { color: #fff; background: #b00020; padding: 0.5em; }
      span.note { color: #555; font-size: 0.9em; }
      span.nowrap { white-space: nowrap; }
      span.badge { display: inline-block; padding: 0.1em 0.6em; border-radius: 0.8em; font-weight: bold; white-space: nowrap; }
      .status-complete { background: #e3f4e8; color: #176d2c; } .status-partial { background: #fdf0d5; color: #8a5a00; }
      .status-failed { background: #fbe3e3; color: #8a1c1c; } .status-not-run, .status-skipped { background: #eee; color: #555; }
      span.verdict-agrees { color: #176d2c; } span.verdict-disagrees { color: #8a1c1c; } span.verdict-inconclusive { color: #8a5a00; } span.verdict-not-comparable { color: #666; }
      span.lost { color: #8a1c1c; font-size: 0.9em; } table.index td:first-child { min-width: 14em; }
      """;

  private Page() {
  }

  /** Everything up to and including {@code <body>}. */
  static String open(String title) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + CSP + "\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>" + Html.escape(title) + "</title>\n<script>\n" + SCRIPT + "</script>\n"
        + "<style>\n" + STYLE + "</style>\n</head>\n<body>\n"
        + "<pre id=\"report-errors\" hidden></pre>\n";
  }

  /** The footer and the end of the document. */
  static String close(String footer) {
    return "<footer><p class=\"note\">" + Html.escape(footer) + "</p></footer>\n</body>\n</html>\n";
  }
}
