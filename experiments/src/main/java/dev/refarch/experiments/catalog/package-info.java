/**
 * The catalog of the seed papers' studies: {@link dev.refarch.experiments.catalog.Catalog} finds
 * an experiment by id, study or suite name among the YAML specs shipped in this jar.
 */
package dev.refarch.experiments.catalog;
