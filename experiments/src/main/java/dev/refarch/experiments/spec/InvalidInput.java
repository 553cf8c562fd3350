package dev.refarch.experiments.spec;

import java.util.List;

/**
 * Every problem found in one input (a spec, the command line, an experiment's trials), each a
 * complete line naming the key or field, the value and what is allowed — thrown once all were
 * collected, so that a user fixes them in one go:
 *
 * <pre>
 * my.yaml:4: clients='0' is not allowed; allowed: an integer from 1 to 64
 * my.yaml:9: properties.recordcount='-1' is not allowed; allowed: an integer from 0 to …
 * </pre>
 *
 * <p>Immutable.
 */
public class InvalidInput extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  public InvalidInput(List<String> problems) {
    super(String.join("\n", problems));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("no problems");
    }
    this.problems = List.copyOf(problems);
  }

  /** One line per problem, in the order found. */
  public List<String> problems() {
    return problems;
  }
}
