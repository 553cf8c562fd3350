#!/bin/sh
# Runs one mongos of a ycsb-mongo-refarch sharded deployment and adds the shards (addShard of a
# shard already in the cluster is a no-op, so every router may do it).
# Environment: CONFIGDB (cfg/host,...), SHARDS (space-separated shardN/host,...).
set -u
mongos --bind_ip_all --port 27017 --configdb "$CONFIGDB" &
pid=$!
trap 'kill -TERM "$pid"; wait "$pid"; exit $?' TERM INT
for shard in $SHARDS; do
  until mongosh --quiet --eval "sh.addShard('$shard')"; do
    kill -0 "$pid" 2>/dev/null || exit 1
    sleep 2
  done
done
wait "$pid"
