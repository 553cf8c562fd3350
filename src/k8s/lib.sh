# Shared by src/bin/k8s-up, k8s-down and k8s-node: where the local cluster keeps its state, the
# fixed facts of its network, and how its processes are started and stopped. Sourced, not run.
#
# Everything the cluster writes lives in one state folder ($K8S_STATE, by default
# ${XDG_STATE_HOME:-~/.local/state}/ycsb-mongo-refarch/k8s), except what Kubernetes or the CNI
# plugins insist on putting elsewhere; k8s-down removes those too (see its header).

K8S_STATE="${K8S_STATE:-${XDG_STATE_HOME:-$HOME/.local/state}/ycsb-mongo-refarch/k8s}"
K8S_SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
K8S_BIN_DIR="$(cd "$K8S_SRC/../bin" && pwd)"

# The node lives on a bridge of its own: the kubelet refuses a loopback node address, and pods
# get addresses from the same /24, so all traffic stays on this machine.
K8S_BRIDGE=refarch-k8s0
K8S_NODE=refarch-node
K8S_NODE_IP=10.244.0.1
K8S_POD_CIDR=10.244.0.0/24
K8S_SERVICE_CIDR=10.96.0.0/16
K8S_DOMAIN=cluster.local
K8S_RULE_COMMENT=refarch-k8s
# Files the kube-controller-manager's host-path provisioner writes under this fixed path; it
# becomes a symlink into the state folder while the cluster is up.
K8S_HOSTPATH_ROOT=/tmp/hostpath_pv
# The sysctls the kubelet sets at start (pkg/kubelet/cm: setupKernelTunables) and the one the
# CNI bridge plugin sets for a gateway bridge; recorded before the first start, restored by down.
K8S_SYSCTLS="vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops kernel.keys.root_maxkeys kernel.keys.root_maxbytes net.ipv4.ip_forward"
# Folders outside the state folder that the kubelet, the CNI plugins or containerd's shims create
# at fixed paths (device-plugin socket, result cache, log links, shim sockets): up records the
# ones that did not exist, down empties of ours and removes exactly those.
K8S_HOST_DIRS="/run/containerd /var/lib/kubelet /var/lib/cni /var/log/containers"
# Processes in start order; down stops them in reverse.
K8S_COMPONENTS="etcd kube-apiserver kube-controller-manager kube-scheduler containerd kubelet coredns"

K8S_T0=$(date +%s.%N)
k8s_log() {
  awk -v t0="$K8S_T0" -v now="$(date +%s.%N)" -v msg="$*" \
    'BEGIN { printf "[k8s %5.1fs] %s\n", now - t0, msg }' >&2
}

k8s_pid() { # the PID of a running component, or nothing
  local f="$K8S_STATE/pids/$1.pid" p
  [ -f "$f" ] || return 1
  p="$(cat "$f")"
  # a PID file outlives a reboot: trust it only while the PID runs what we started
  if [ -n "$p" ] && kill -0 "$p" 2>/dev/null && grep -q "$K8S_STATE" "/proc/$p/cmdline" 2>/dev/null; then
    echo "$p"
  else
    return 1
  fi
}

k8s_start() { # NAME COMMAND...: starts a component detached from the caller's session, once
  local name=$1
  shift
  if k8s_pid "$name" >/dev/null; then
    return 0
  fi
  mkdir -p "$K8S_STATE/logs" "$K8S_STATE/pids"
  setsid nohup "$@" >>"$K8S_STATE/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$K8S_STATE/pids/$name.pid"
  printf '%s\n' "$*" >"$K8S_STATE/pids/$name.cmd"
}

k8s_stop() { # NAME: SIGTERM, then SIGKILL after 10 s
  local p i
  p="$(k8s_pid "$1")" || { rm -f "$K8S_STATE/pids/$1.pid"; return 0; }
  kill "$p" 2>/dev/null || true
  for i in $(seq 1 50); do
    kill -0 "$p" 2>/dev/null || break
    sleep 0.2
  done
  kill -0 "$p" 2>/dev/null && kill -9 "$p" 2>/dev/null || true
  rm -f "$K8S_STATE/pids/$1.pid"
}

k8s_wait() { # SECONDS WHAT COMMAND...: polls until the command succeeds
  local limit=$1 what=$2 i
  shift 2
  for i in $(seq 1 $(( limit * 4 ))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.25
  done
  echo "k8s: $what not reached within $limit s; logs in $K8S_STATE/logs" >&2
  return 1
}

k8s_api() { # METHOD PATH [JSON]: calls the API server as the cluster admin
  # shellcheck disable=SC1091
  . "$K8S_STATE/ports.env"
  curl -sS --fail-with-body --cacert "$K8S_STATE/pki/ca.crt" \
    -H "Authorization: Bearer $(cat "$K8S_STATE/pki/admin.token")" -H 'Content-Type: application/json' \
    -X "$1" "https://127.0.0.1:$API_PORT$2" ${3:+--data-binary "$3"}
}

k8s_ctr() { ctr --address "$K8S_STATE/containerd.sock" --namespace k8s.io "$@"; }
