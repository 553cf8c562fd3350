/**
 * The YCSB {@code DB} binding for MongoDB.
 *
 * <p>Start reading at {@link dev.refarch.ycsb.mongo.MongoDbClient} (one instance per YCSB
 * thread), then {@link dev.refarch.ycsb.mongo.MongoSettings} (every {@code mongodb.*} property,
 * parsed and validated once) and {@code SharedClient} (one {@code MongoClient} per distinct
 * {@code ConnectionKey}, shared by the instances with those settings, e.g. all YCSB threads). Scans: {@link dev.refarch.ycsb.mongo.ScanMode}
 * says what each mode queries, {@code Scanner} runs them, {@link dev.refarch.ycsb.mongo.KeyOrdinals}
 * is how a scan's end is derived from YCSB's start key.
 */
package dev.refarch.ycsb.mongo;
