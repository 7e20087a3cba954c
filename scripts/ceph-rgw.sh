#!/usr/bin/env bash
# A throwaway S3 server for the storage tests: Ceph RGW (Debian's `ceph` and `radosgw`)
# as a single node on 127.0.0.1, objects kept in memory (memstore), gone on stop.
# It checks request signatures like AWS does, which JavaScript S3 emulators do not.
#
#   scripts/ceph-rgw.sh start    start mon, osd and rgw; wait until S3 answers; add the test user
#   scripts/ceph-rgw.sh stop     stop the daemons this state folder started (by their pid files)
#   scripts/ceph-rgw.sh status   exit 0 if the gateway answers
#   scripts/ceph-rgw.sh env      print the TEST_S3_* exports for the storage contract suite
#
# Settings (environment):
#   CEPH_RGW_DIR         state folder (config, pid files, logs)   default ${TMPDIR:-/tmp}/ceph-rgw
#   RGW_PORT             S3 port on 127.0.0.1                      default 7480
#   CEPH_MON_PORT        monitor port on 127.0.0.1                 default 6789
#   RGW_ACCESS_KEY, RGW_SECRET_KEY   the test user's keys          default TESTACCESSKEY, TESTSECRETKEY123
#   RGW_START_TIMEOUT    seconds to wait for the gateway           default 90
set -euo pipefail

D=${CEPH_RGW_DIR:-${TMPDIR:-/tmp}/ceph-rgw}
RGW_PORT=${RGW_PORT:-7480}
CEPH_MON_PORT=${CEPH_MON_PORT:-6789}
ACCESS_KEY=${RGW_ACCESS_KEY:-TESTACCESSKEY}
SECRET_KEY=${RGW_SECRET_KEY:-TESTSECRETKEY123}
START_TIMEOUT=${RGW_START_TIMEOUT:-90}
DAEMONS=(client.rgw.a osd.0 mon.a)

log() { printf 'ceph-rgw: %s\n' "$*" >&2; }

# True when the gateway answers HTTP on RGW_PORT (bash's /dev/tcp: no curl needed).
answers() {
  local status
  status=$(timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$RGW_PORT && printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 && head -c 12 <&3" 2>/dev/null) || return 1
  [[ $status == HTTP/1.* ]]
}

# The pid in a daemon's pid file, if that process is alive and still one of ours.
live_pid() {
  local file=$D/run/$1.pid pid
  [ -f "$file" ] || return 1
  pid=$(cat "$file")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  # A stale pid file could name a recycled pid: only a ceph daemon counts.
  grep -qaE '^(/usr/bin/)?(ceph-mon|ceph-osd|radosgw)' "/proc/$pid/cmdline" 2>/dev/null || return 1
  echo "$pid"
}

# Sends TERM to the named daemons, waits up to 10 s, then kills what is left.
terminate() {
  local name pid pids=() names=()
  for name in "$@"; do
    pid=$(live_pid "$name") || { rm -f "$D/run/$name.pid"; continue; }
    kill "$pid" 2>/dev/null || true
    pids+=("$pid")
    names+=("$name")
  done
  for _ in $(seq 1 100); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.1
  done
  for i in "${!pids[@]}"; do
    if kill -0 "${pids[$i]}" 2>/dev/null; then
      log "${names[$i]} (${pids[$i]}) did not stop in 10 s; killing it"
      kill -9 "${pids[$i]}" 2>/dev/null || true
    fi
    rm -f "$D/run/${names[$i]}.pid"
  done
}

# One at a time, clients before servers: a daemon whose monitor is already gone waits
# seconds for it before giving up.
stop() {
  terminate client.rgw.a
  terminate osd.0
  terminate mon.a
}

show_logs() {
  local f
  for f in "$D"/log/*.log; do
    [ -f "$f" ] || continue
    log "--- last lines of $f"
    tail -n 20 "$f" >&2
  done
}

start() {
  local name pid
  for name in "${DAEMONS[@]}"; do
    if pid=$(live_pid "$name"); then
      log "$name is already running (pid $pid) from $D; run '$0 stop' first"
      exit 1
    fi
  done
  for tool in ceph ceph-mon ceph-osd ceph-authtool monmaptool radosgw radosgw-admin; do
    command -v "$tool" >/dev/null || { log "$tool not found: apt-get install -y ceph radosgw"; exit 1; }
  done
  if answers; then
    log "something already answers on 127.0.0.1:$RGW_PORT; set RGW_PORT to another port"
    exit 1
  fi

  # The state folder is wiped on start: refuse one that holds anything else.
  if [ -d "$D" ] && [ ! -f "$D/ceph.conf" ] && [ -n "$(ls -A "$D")" ]; then
    log "$D is not empty and is not a ceph-rgw state folder; choose another CEPH_RGW_DIR"
    exit 1
  fi

  local started=$SECONDS
  # A failed start leaves nothing running behind.
  trap 'log "start failed at line $LINENO: $BASH_COMMAND"; show_logs; stop' ERR

  rm -rf "$D"
  mkdir -p "$D"/{run,log,mon.a,osd.0,rgw.a}
  local fsid conf="$D/ceph.conf"
  fsid=$(cat /proc/sys/kernel/random/uuid)
  cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$CEPH_MON_PORT
public addr = 127.0.0.1
ms bind ipv6 = false
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
keyring = $D/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail warn = 1
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = 1073741824
run dir = $D/run
admin socket = $D/run/\$name.asok
log file = $D/log/\$name.log
pid file = $D/run/\$name.pid
[mon.a]
mon data = $D/mon.a
[osd.0]
osd data = $D/osd.0
# The osd is placed in the CRUSH map by this script. Its own updates at start race the
# monitor now and then (the command goes out before it knows the fsid: EPERM, exit 250).
osd crush update on start = false
osd class update on start = false
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw data = $D/rgw.a
# Lifecycle rules are not tested; their thread only delays shutdown by 5 s.
rgw enable lc threads = false
# Free deleted objects' memory after a minute instead of two hours, for long-lived instances.
rgw gc obj min wait = 60
rgw gc processor period = 60
EOF
  local c=(-c "$conf")
  ceph-authtool --create-keyring "$D/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$D/keyring" --gen-key -n client.admin --cap mon 'allow *' --cap osd 'allow *' >/dev/null
  monmaptool --create --clobber --fsid "$fsid" --add a "v1:127.0.0.1:$CEPH_MON_PORT" "$D/monmap" >/dev/null
  ceph-mon "${c[@]}" --mkfs -i a --monmap "$D/monmap" --keyring "$D/keyring"
  ceph-mon "${c[@]}" -i a
  log "monitor up ($((SECONDS - started)) s)"

  local osd_uuid
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  timeout 30 ceph "${c[@]}" osd new "$osd_uuid" 0 >/dev/null
  ceph-osd "${c[@]}" -i 0 --mkfs --osd-uuid "$osd_uuid" >>"$D/log/mkfs.log" 2>&1
  timeout 30 ceph "${c[@]}" osd crush add osd.0 1.0 host=localhost root=default >/dev/null 2>&1
  local try
  for try in 1 2 3; do
    ceph-osd "${c[@]}" -i 0 >>"$D/log/osd-start.log" 2>&1 && break
    [ "$try" = 3 ] && false
    log "osd start failed (try $try); again"
    sleep 1
  done
  log "osd up ($((SECONDS - started)) s)"

  radosgw "${c[@]}" -n client.rgw.a
  local deadline=$((SECONDS + START_TIMEOUT))
  until answers; do
    if [ $SECONDS -ge $deadline ]; then
      log "the gateway did not answer on 127.0.0.1:$RGW_PORT within $START_TIMEOUT s"
      false
    fi
    sleep 0.5
  done
  timeout 30 radosgw-admin "${c[@]}" user create --uid=test --display-name=Test \
    --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >/dev/null
  trap - ERR
  log "S3 ready on http://127.0.0.1:$RGW_PORT after $((SECONDS - started)) s (state in $D)"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) answers ;;
  env)
    echo "export TEST_S3_ENDPOINT=http://127.0.0.1:$RGW_PORT"
    echo "export TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY"
    echo "export TEST_S3_SECRET_ACCESS_KEY=$SECRET_KEY"
    ;;
  *)
    echo "usage: $0 start|stop|status|env" >&2
    exit 2
    ;;
esac
