# Sourced by src/bin/bench-*: builds the benchmarks module and what it needs, then sets root,
# cp_file (its runtime class path, one line) and jar (the module's jar). Runs from the root.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
cp_file="benchmarks/target/runtime.classpath"
mvn -q -B -DskipTests -Dinvoker.skip=true -pl benchmarks -am package dependency:build-classpath \
  -Dmdep.includeScope=runtime -Dmdep.outputFile="$root/$cp_file" >&2
jar="$(ls benchmarks/target/benchmarks-*.jar | grep -v -e sources -e tests | head -n 1)"
