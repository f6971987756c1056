#!/usr/bin/env bash
# Two back-office processes on one PostgreSQL database behind nginx (Debian package), as a
# load-balanced deployment runs them. Local trial only:
#
#   npm run build
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/safarnama scripts/cluster.sh
#
# Opens http://127.0.0.1:8080 (nginx) → nodes on :3101 and :3102. Ctrl-C stops all three.
# Needs: nginx (`apt-get install -y nginx`), a built app, DATABASE_URL. Uploads go to one shared
# directory (both nodes must see the same files; in production use S3_BUCKET instead).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL database (the nodes share it)}"
port="${CLUSTER_PORT:-8080}"
nodes=(3101 3102)
work="${CLUSTER_DIR:-$root/data/cluster}"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

[[ -x "$nginx_bin" ]] || { echo "nginx is not installed: apt-get install -y nginx" >&2; exit 1; }
[[ -f "$root/apps/server/dist/main.js" ]] || { echo "build first: npm run build" >&2; exit 1; }

mkdir -p "$work/nginx" "$work/shared"
# One APP_SECRET for every node: each must open what the others sealed (2FA, channels, push).
if [[ -z "${APP_SECRET:-}" ]]; then
  [[ -f "$work/app-secret" ]] || head -c 32 /dev/urandom | base64 | tr -d '=+/\n' > "$work/app-secret"
  APP_SECRET="$(cat "$work/app-secret")"
fi
export APP_SECRET DATABASE_URL

upstreams=""
for p in "${nodes[@]}"; do upstreams+="    server 127.0.0.1:$p max_fails=1 fail_timeout=5s;"$'\n'; done
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log $work/nginx/access.log;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  client_max_body_size 210m;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
  upstream backoffice {
    # Not required (the app's socket is WebSocket only, one connection), but a client's calls
    # staying on one node keeps its per-node caches warm.
    ip_hash;
$upstreams  }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://backoffice;
      proxy_http_version 1.1;
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_read_timeout 75s;
      # A node that is draining answers 503: try the other one for requests that are safe to repeat.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
CONF

pids=()
stop() {
  trap - INT TERM EXIT
  "$nginx_bin" -c "$work/nginx/nginx.conf" -s quit 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait || true
}
trap stop INT TERM EXIT

for i in "${!nodes[@]}"; do
  p="${nodes[$i]}"
  mkdir -p "$work/node-$p"
  ln -sfn "$work/shared" "$work/node-$p/uploads"
  # Node 1 sends the scheduled notifications too; both could (claims are exactly-once). One
  # process each (SERVER_WORKERS=1): the point here is two nodes behind a balancer.
  SERVER_WORKERS="${SERVER_WORKERS:-1}" PORT="$p" HOST=127.0.0.1 DATA_DIR="$work/node-$p" TRUST_PROXY=1 \
    PUBLIC_URL="http://127.0.0.1:$port" LOG_LEVEL="${LOG_LEVEL:-info}" \
    node --max-semi-space-size=16 "$root/apps/server/dist/main.js" 2>&1 | sed -u "s/^/[node $p] /" &
  pids+=($!)
done

for p in "${nodes[@]}"; do
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$p/api/ready" >/dev/null 2>&1 && break
    sleep 1
  done
done
"$nginx_bin" -c "$work/nginx/nginx.conf"
echo "Safarnama cluster: http://127.0.0.1:$port (nodes ${nodes[*]}); Ctrl-C stops it."
wait
