package dev.refarch.experiments;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The packages of {@code experiments} follow the data flow (see the module's package doc), and
 * none depends on one that depends on it: each package can be read, tested and changed with only
 * what it names below it. A rule broken here fails with every offending dependency listed.
 */
class PackageStructureTest {

  private static final String ROOT = "dev.refarch.experiments";
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);

  @Test
  void noPackageCycles() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void oneTrialKnowsNothingOfExperimentsReportsOrTheCommandLine() {
    noClasses().that().resideInAPackage(ROOT + ".trial..").should().dependOnClassesThat()
        .resideInAnyPackage(ROOT + ".run..", ROOT + ".cli..", ROOT + ".kubernetes..")
        .check(CLASSES);
  }

  @Test
  void reportsAndResultsRunNothing() {
    noClasses().that().resideInAnyPackage(ROOT + ".report..", ROOT + ".results..",
        ROOT + ".stats..", ROOT + ".spec..", ROOT + ".plan..", ROOT + ".faults..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".trial..", ROOT + ".run..",
            ROOT + ".cli..", ROOT + ".kubernetes..", ROOT + ".telemetry..")
        .check(CLASSES);
  }

  /** The report's model reads and judges; its formats write it out, never the other way round. */
  @Test
  void theReportModelKnowsNothingOfItsFormats() {
    noClasses().that().resideInAPackage(ROOT + ".report").should().dependOnClassesThat()
        .resideInAPackage(ROOT + ".report.format..").check(CLASSES);
  }
}
