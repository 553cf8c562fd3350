#!/bin/sh
# Runs one mongod of a ycsb-mongo-refarch deployment. Nothing in Kubernetes initiates a MongoDB
# replica set, so the first data member does it: retried until every member answers, and a no-op
# when the set exists (a restarted pod finds its configuration on its volume).
# Environment: REPLSET (empty: standalone), ROLE_ARGS (--configsvr/--shardsvr), MONGOD_ARGS,
# INIT_CONFIG (the rs.initiate document; set on data members only).
set -u
# shellcheck disable=SC2086
mongod --bind_ip_all --port 27017 --dbpath /data/db ${REPLSET:+--replSet "$REPLSET"} \
  ${ROLE_ARGS:-} ${MONGOD_ARGS:-} &
pid=$!
# sh as PID 1 ignores SIGTERM unless trapped: pass it on so mongod shuts down cleanly
trap 'kill -TERM "$pid"; wait "$pid"; exit $?' TERM INT
if [ -n "${INIT_CONFIG:-}" ] && [ "${HOSTNAME##*-}" = "0" ]; then
  until mongosh --quiet --eval '
      try { rs.status(); print("replica set already initiated"); }
      catch (e) {
        if (e.codeName !== "NotYetInitialized") { throw e; }
        printjson(rs.initiate(JSON.parse(process.env.INIT_CONFIG)));
      }'; do
    kill -0 "$pid" 2>/dev/null || exit 1
    sleep 2
  done
fi
wait "$pid"
