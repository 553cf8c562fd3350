/**
 * The binding's corpus of malformed inputs ({@code src/test/resources/corpus/binding.txt}) and
 * the tests that replay it: {@link dev.refarch.ycsb.corpus.BindingCorpusTest} without a server,
 * {@link dev.refarch.ycsb.corpus.BindingCorpusIT} against a real {@code mongod} and through real
 * YCSB processes. Start with {@link dev.refarch.ycsb.corpus.Corpus}.
 */
package dev.refarch.ycsb.corpus;
