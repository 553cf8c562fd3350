// The build must have failed for the banned adapters, and for nothing else: the versions the BOM
// pins must still converge and be the highest any library asks for.
String log = new File(basedir, 'build.log').text
assert log.contains('BannedDependencies failed') : 'expected the banned-dependency rule to fail'
['platform-kubernetes-pvc', 'platform-santricity', 'platform-vsan-spbm'].each {
  assert log.contains("dev.refarch:${it}:jar") : "expected ${it} to be named as banned"
}
assert !log.contains('DependencyConvergence failed') : 'the BOM let two versions of a library in'
assert !log.contains('RequireUpperBoundDeps failed') : 'the BOM pins a version below one asked for'
