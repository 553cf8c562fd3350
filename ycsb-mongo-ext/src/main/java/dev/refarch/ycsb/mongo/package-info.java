/**
 * The YCSB {@code DB} binding for MongoDB.
 *
 * <p>Start reading at {@link dev.refarch.ycsb.mongo.MongoDbClient} (one instance per YCSB
 * thread), then {@link dev.refarch.ycsb.mongo.MongoSettings} (every {@code mongodb.*} property,
 * parsed and validated once) and {@link dev.refarch.ycsb.mongo.SharedClient} (the one
 * {@code MongoClient} per JVM that all threads share).
 */
package dev.refarch.ycsb.mongo;
